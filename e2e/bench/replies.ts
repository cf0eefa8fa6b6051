import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { consentInSandbox } from '../../infra/local/sandbox/oauth-consent.js';
import { localGmailPush } from '../../infra/local/lambda-env.js';
import { freeStackPorts, startLocalStack } from '../../infra/local/stack.js';
import { localApi, localUsers } from '../../infra/local/test/local-users.js';
import { createDataClient } from '../../lambdas/data/client.js';
import { contactKey } from '../../lambdas/data/contact.js';
import { activateMailSync, getMailSync } from '../../lambdas/data/mail-sync.js';
import { setAttributes } from '../../lambdas/test/raw-items.js';
import { schedules } from '../../shared/schedules.js';

/**
 * The reply pipeline's measurements, on the local stack with every piece real (the sandbox's Gmail API and its OIDC-signed Pub/Sub
 * push, the gateway, the queue runner, DynamoDB Local):
 * - reply latency by push: a contact's answer on the sandbox's mail control until GET /api/notifications lists it
 *   (what an open tab shows on `notification.created`); goal p95 at most 10 s;
 * - check cost: the Gmail quota units one safety-net check of an idle mailbox spends, as the sandbox counts them
 *   (GET /_sandbox/mail/usage: history.list 2, messages.get 5, threads.get 10, getProfile 1, watch 100 units, per
 *   https://developers.google.com/gmail/api/reference/quota); goal at most 2;
 * - fan-out: the reply-check job over 10,000 simulated active mailboxes on the index (their messages counted, not
 *   delivered: SendMessageBatch calls of 10).
 */
const gmailCall = /^sandbox (GET|POST) \/gmail\/v1\/users\/me\/(\w+)/;

export const benchReplies = async (options: { replies?: number; mailboxes?: number } = {}) => {
  const rounds = options.replies ?? 10;
  const mailboxes = options.mailboxes ?? 10_000;
  const localDir = mkdtempSync(join(tmpdir(), 'bench-replies-'));
  const gmailCalls: string[] = [];
  const stack = await startLocalStack({
    localDir,
    web: false,
    ports: await freeStackPorts(),
    log: (line) => {
      const call = gmailCall.exec(line);
      if (call) gmailCalls.push(call[2]!);
    },
  });
  const users = localUsers({
    endpoint: stack.urls.cognitoEmulator,
    userPoolId: stack.webConfig.userPoolId,
    clientId: stack.webConfig.userPoolClientId,
  });
  const api = localApi(stack.urls.api);
  const db = createDataClient(stack.env.TABLE_NAME!);
  try {
    const user = await users.signUp('bench-replies');
    const token = user.idToken;
    const mailbox = `${user.sub.slice(0, 8)}@gmail.com`;
    const init = await api('POST', '/api/email-connections/oauth/init', {
      token,
      body: { provider: 'gmail', origin: stack.urls.web },
    });
    const redirect = await consentInSandbox((init.body!.data as { authUrl: string }).authUrl, { email: mailbox });
    const connected = await api('POST', '/api/email-connections/oauth/callback-public', {
      body: { provider: 'gmail', code: redirect.code, state: redirect.state, origin: stack.urls.web },
    });
    const mailboxId = (connected.body!.data as { connection: { id: string } }).connection.id;
    const address = `grace.${user.sub.slice(0, 8)}@navy.example`;
    const added = await api('POST', '/api/contacts', { token, body: { name: 'Grace Hopper', email: address } });
    const contactId = (added.body!.data as { id: string }).id;
    // a typed address is verified by the e-mail lookup worker: let it finish, then make the address usable (the
    // sandbox's verdict on this random address may be either)
    await stack.queues.drained();
    await setAttributes(db, contactKey(user.sub, contactId), { emailQevStatus: 'valid' });
    const draft = await api('POST', '/api/drafts', { token, body: { contactId, subject: 'Compilers', body: 'Hello' } });
    const sent = await api('POST', `/api/drafts/${(draft.body!.data as { id: string }).id}/send`, { token });
    if (sent.status !== 200) throw new Error(`send answered ${sent.status}: ${sent.text.slice(0, 200)}`);
    const until = async (what: string, ready: () => Promise<boolean>, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await ready())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    await until('the watch', async () => Boolean((await getMailSync(db, user.sub, mailboxId))?.watchId));
    await stack.queues.drained();
    const arrived = (await (
      await fetch(`${stack.urls.sandbox}/_sandbox/mail/messages?to=${encodeURIComponent(address)}`)
    ).json()) as { id: string }[];
    const notificationCount = async () => {
      const answer = await api('GET', '/api/notifications', { token });
      return (answer.body!.data as { notifications: unknown[] }).notifications.length;
    };

    // one safety-net check of the idle mailbox (its conversation awaits a reply, no new mail), as the schedule queues
    // it; the sandbox counts Gmail's quota units
    const usage = async () => {
      const answer = await fetch(`${stack.urls.sandbox}/_sandbox/mail/usage?email=${encodeURIComponent(mailbox)}`);
      const counted = (await answer.json()) as Record<string, { units: number } | undefined>;
      return counted[`gmail:${mailbox}`]?.units ?? 0;
    };
    const unitsBefore = await usage();
    gmailCalls.splice(0);
    stack.queues.send(
      'reply-check',
      JSON.stringify({ uid: user.sub, mailboxId, reason: 'schedule', checkId: `bench-${randomUUID()}` }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stack.queues.drained();
    const idleCalls = [...gmailCalls];
    const idleUnits = (await usage()) - unitsBefore;

    // the safety net alone (while the conversation awaits its first reply): push off (the sandbox pushes only watches on another topic), a reply, then the schedule's
    // next run queues the mailbox's check (as fanOutReplyChecks does): the time from that run to the notification
    await fetch(`${stack.urls.sandbox}/_sandbox/mail/push-config`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ topic: 'projects/bench/topics/push-off' }),
    });
    const quietReply = await fetch(`${stack.urls.sandbox}/_sandbox/mail/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId: arrived[0]!.id, body: 'An answer only the schedule finds' }),
    });
    if (!quietReply.ok) throw new Error(`the sandbox refused the reply: ${quietReply.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if ((await notificationCount()) !== 0) throw new Error('a reply was noticed with push off');
    const tick = performance.now();
    stack.queues.send(
      'reply-check',
      JSON.stringify({ uid: user.sub, mailboxId, reason: 'schedule', checkId: `bench-${randomUUID()}` }),
    );
    await until('the notification of the scheduled check', async () => (await notificationCount()) >= 1);
    const scheduledCheckMs = performance.now() - tick;
    await stack.queues.drained();
    await fetch(`${stack.urls.sandbox}/_sandbox/mail/push-config`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ topic: localGmailPush.topic }),
    });

    // reply latency by push
    const latencies: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      const replied = await fetch(`${stack.urls.sandbox}/_sandbox/mail/reply`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ messageId: arrived[0]!.id, body: `Answer number ${round + 1}` }),
      });
      if (!replied.ok) throw new Error(`the sandbox refused the reply: ${replied.status}`);
      await until('the notification', async () => (await notificationCount()) >= round + 2);
      latencies.push(performance.now() - started);
    }
    await stack.queues.drained();

    // fan-out over simulated mailboxes (outside the stack's users: they exist only on the index)
    const now = new Date();
    let next = 0;
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        while (next < mailboxes) {
          const index = next++;
          await activateMailSync(db, {
            uid: `bench-fanout-${index}`,
            mailboxId: `mailbox-${index}`,
            provider: 'gmail',
            email: `bench-${index}@gmail.test`,
            now,
          });
        }
      }),
    );
    // imported once the stack's environment is on process.env (the job builds its dependencies when loaded)
    const { fanOutReplyChecks } = await import('../../lambdas/replies/reply-check-schedule.js');
    let messages = 0;
    let batches = 0;
    const started = performance.now();
    const summary = await fanOutReplyChecks({
      db,
      now: () => new Date(),
      queue: {
        send: async () => {
          messages += 1;
          batches += 1;
        },
        sendMany: async (_, list) => {
          messages += list.length;
          batches += Math.ceil(list.length / 10);
        },
      },
    });
    const fanOutMs = performance.now() - started;
    return {
      rounds,
      latencyP50Ms: percentile(latencies, 0.5),
      latencyP95Ms: percentile(latencies, 0.95),
      idleCalls,
      idleUnits,
      scheduledCheckMs,
      mailboxes,
      fanOut: { ...summary, messages, batches, ms: fanOutMs },
    };
  } finally {
    users.destroy();
    await stack.stop();
    rmSync(localDir, { recursive: true, force: true });
  }
};

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * p) - 1)] ?? 0;

/** Goals. */
export const replyGoals = { latencyP95Ms: 10_000, idleUnits: 2 } as const;

export const printReplies = async () => {
  const result = await benchReplies();
  const over = (value: number, goal: number) => (value > goal ? '   OVER' : '');
  console.log(
    `\nReplies (local stack, sandbox Gmail with Pub/Sub push): ${result.rounds} answers on the mail control until the` +
      ` notification is listed: p50 ${(result.latencyP50Ms / 1000).toFixed(2)} s, p95` +
      ` ${(result.latencyP95Ms / 1000).toFixed(2)} s (goal <= ${replyGoals.latencyP95Ms / 1000} s by push)` +
      over(result.latencyP95Ms, replyGoals.latencyP95Ms),
  );
  const periodMs = schedules['reply-check'].everyMinutes * 60_000;
  console.log(
    `  safety net alone (push off): the schedule's run to the notification ${(result.scheduledCheckMs / 1000).toFixed(2)} s,` +
      ` so a reply waits at most one period (${periodMs / 60_000} min) plus that` +
      over(result.scheduledCheckMs, periodMs),
  );
  console.log(
    `  one safety-net check of an idle mailbox: ${result.idleUnits} Gmail quota units` +
      ` (${result.idleCalls.join(', ') || 'no call'}; goal <= ${replyGoals.idleUnits})` +
      over(result.idleUnits, replyGoals.idleUnits),
  );
  console.log(
    `  fan-out of ${result.mailboxes.toLocaleString('en')} simulated mailboxes: ${result.fanOut.messages.toLocaleString('en')}` +
      ` messages in ${result.fanOut.batches} SendMessageBatch calls of 10, ${result.fanOut.pages} index pages,` +
      ` ${(result.fanOut.ms / 1000).toFixed(2)} s (SQS calls counted, not made)${result.fanOut.complete ? '' : ', INCOMPLETE'}`,
  );
  return result;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await printReplies();
  process.exit(0);
}
