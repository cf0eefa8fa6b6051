import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { freeStackPorts, startLocalStack } from '../../infra/local/stack.js';
import { localUsers } from '../../infra/local/test/local-users.js';
import { currentQuota } from '../../lambdas/contacts/index.js';
import * as contacts from '../../lambdas/contacts/service.js';
import { type IncomingEmail, recordIncomingEmail, recordSentEmail } from '../../lambdas/conversations/index.js';
import { createDataClient } from '../../lambdas/data/client.js';
import { putContacts, type ContactItem } from '../../lambdas/data/contact.js';
import { quotaKey } from '../../lambdas/data/quota.js';
import { setAttributes } from '../../lambdas/test/raw-items.js';

/**
 * The dashboard's measurements, on the local stack with every piece real (DynamoDB Local and its stream, the stream runner
 * feeding the stats aggregator, the gateway with Cognito ID tokens): one user with 5,000 contacts and 20,000 sent
 * e-mails over the last year (conversations, follow-ups, replies, bounces) written by the data functions the Lambdas
 * use; how long the aggregator takes to catch up with them; then the dashboard's and analytics' routes against
 * GET /api/health in the same run: latency (median, p95, ratio of medians) and DynamoDB calls per request.
 */
const dayMs = 86_400_000;

const companies = ['Contoso', 'Northwind Traders', 'Fabrikam', 'Adventure Works', 'Wingtip Toys', 'Tailspin', ''];
const titles = ['Software Engineer', 'Product Manager', 'VP Engineering', 'Head of Sales', 'Founder', 'Intern'];
const schools = ['University Of Washington', 'MIT', 'ETH Zürich', 'Université Paris-Saclay', 'IIT Bombay'];

/** The routes measured, each against health's median. */
export const dashboardRoutes = [
  { label: 'GET /api/health', path: '/api/health' },
  { label: 'GET /api/dashboard/summary', path: '/api/dashboard/summary' },
  { label: 'GET /api/dashboard/pending-tasks', path: '/api/dashboard/pending-tasks' },
  { label: 'GET /api/conversations/analytics', path: '/api/conversations/analytics' },
  { label: 'detailed-analytics?time_period=week', path: '/api/conversations/detailed-analytics?time_period=week' },
  { label: 'detailed-analytics?time_period=year', path: '/api/conversations/detailed-analytics?time_period=year' },
] as const;

/** Goal: the summary reads at most 2 DynamoDB calls at any size (besides the account check of every route). */
export const summaryCallGoal = 2;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * p) - 1)] ?? 0;

const groupBy = <T>(list: readonly T[], keyOf: (item: T) => string) => {
  const groups: Record<string, T[]> = {};
  for (const item of list) {
    const key = keyOf(item);
    groups[key] = [...(groups[key] ?? []), item];
  }
  return groups;
};

/** Runs `work(index)` for 0..count-1, `concurrency` at a time. */
const pool = async (count: number, concurrency: number, work: (index: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
};

/** The routes measured during the aggregator's catch-up (the summary's goal: pending tasks within 2x of it). */
const duringRoutes = ['/api/health', '/api/dashboard/summary', '/api/dashboard/pending-tasks'] as const;

/** An event-loop delay histogram in ms: median, p99 and max. */
const loopOf = (histogram: ReturnType<typeof monitorEventLoopDelay>) => ({
  p50: histogram.percentile(50) / 1e6,
  p99: histogram.percentile(99) / 1e6,
  max: histogram.max / 1e6,
});

/**
 * The `duringRoutes`, one after the other, until `until` settles (the aggregator's catch-up): each one's latencies and
 * DynamoDB calls (the account check included).
 */
const sampleWhile = async (
  until: Promise<unknown>,
  request: (path: string) => Promise<string>,
  calls: { command: string }[],
) => {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const samples = duringRoutes.map((path) => ({ path, ms: [] as number[], calls: [] as number[] }));
  while (!done) {
    for (const sample of samples) {
      const before = calls.length;
      const began = performance.now();
      await request(sample.path);
      sample.ms.push(performance.now() - began);
      sample.calls.push(calls.length - before);
    }
  }
  await until;
  return samples.map((sample) => ({
    path: sample.path,
    count: sample.ms.length,
    medianMs: percentile(sample.ms, 0.5),
    p95Ms: percentile(sample.ms, 0.95),
    // the aggregator's own calls land in the same count while it runs: the least is the route's own
    minCalls: sample.calls.length ? Math.min(...sample.calls) : 0,
  }));
};

export const benchDashboard = async (
  options: { contacts?: number; conversations?: number; followUps?: number; runs?: number } = {},
) => {
  // the issue's sizes; DASHBOARD_* to try others (14,000 first e-mails + 6,000 follow-ups = 20,000 sent e-mails)
  const contactCount = options.contacts ?? Number(process.env.DASHBOARD_CONTACTS ?? 5000);
  const conversationCount = options.conversations ?? Number(process.env.DASHBOARD_CONVERSATIONS ?? 14_000);
  const followUpCount = options.followUps ?? Number(process.env.DASHBOARD_FOLLOW_UPS ?? 6000);
  const runs = options.runs ?? Number(process.env.DASHBOARD_RUNS ?? 30);
  const localDir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
  // the stream runner's lines 'stream stats: N record(s) done (X ms)': records delivered, time inside the aggregator
  const delivered = { records: 0, batches: 0, consumerMs: 0, failures: 0 };
  const streamDone = /^stream stats: (\d+) record\(s\) done \((\d+) ms\)/;
  const stack = await startLocalStack({
    localDir,
    web: false,
    ports: await freeStackPorts(),
    log: (line) => {
      const done = streamDone.exec(line);
      if (done) {
        delivered.records += Number(done[1]);
        delivered.batches += 1;
        delivered.consumerMs += Number(done[2]);
      } else if (line.startsWith('stream stats:')) delivered.failures += 1;
    },
  });
  const users = localUsers({
    endpoint: stack.urls.cognitoEmulator,
    userPoolId: stack.webConfig.userPoolId,
    clientId: stack.webConfig.userPoolClientId,
  });
  const table = stack.env.TABLE_NAME!;
  // the Lambdas' own client (one per table and endpoint in the process: lambdas/data/client.ts), which the gateway's
  // handlers and the stream's aggregator send through: its middleware counts their DynamoDB calls
  const lambdaClient = createDataClient(table);
  const calls: { command: string; input: unknown; ms: number; refused?: string }[] = [];
  lambdaClient.documents.use(async ({ commandName, input }, next) => {
    const call: (typeof calls)[number] = { command: commandName, input, ms: 0 };
    calls.push(call);
    const began = performance.now();
    try {
      return await next();
    } catch (error) {
      // a refused transaction names each item's reason (TransactionConflict when another one held an item)
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      call.refused = reasons
        ? [...new Set(reasons.map((reason) => reason.Code).filter((code) => code && code !== 'None'))].join('+')
        : (error as Error).name;
      throw error;
    } finally {
      call.ms = performance.now() - began;
    }
  });
  // the seed's own client, so its writes are not counted as the Lambdas'
  const seedDb = createDataClient(table, {});
  try {
    const user = await users.signUp('bench-dashboard');
    const uid = user.sub;
    const now = Date.now();

    const request = async (path: string) => {
      const response = await fetch(`${stack.urls.api}${path}`, {
        headers: { authorization: `Bearer ${user.idToken}` },
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 200)}`);
      return text;
    };
    // 5,000 contacts in batches (as an import writes them), half with a verified address; the quota counts them
    const seedStarted = performance.now();
    const items: ContactItem[] = Array.from({ length: contactCount }, (_, index) => {
      const at = new Date(now - 400 * dayMs + index * 60_000).toISOString();
      const title = titles[index % titles.length]!;
      return {
        uid,
        contactId: contacts.newContactId(),
        name: `Person ${index}`,
        firstName: 'Person',
        lastName: String(index),
        company: companies[index % companies.length]!,
        jobTitle: title,
        currentRole: title,
        linkedinUrl: `https://www.linkedin.com/in/person-${index}`,
        canonicalLinkedinUrl: `https://www.linkedin.com/in/person-${index}`,
        sharedContactId: `https://www.linkedin.com/in/person-${index}`,
        relationshipStatus: 'new',
        ...(index % 2 === 0
          ? { email: `person.${index}@example.com`, emailSource: 'user', emailQevStatus: 'valid' as const }
          : {}),
        education: [{ institution: schools[index % schools.length]!, degree: 'BSc', startYear: 2010, endYear: 2014 }],
        importedAt: at,
        lastUpdated: at,
      };
    });
    await putContacts(seedDb, items);
    await currentQuota(seedDb, uid, new Date(now));
    await setAttributes(seedDb, quotaKey(uid), { contactCount });
    const contactsMs = performance.now() - seedStarted;

    // conversations over the last year, oldest first: a first e-mail, for some a follow-up two days later, a reply
    // (every 4th) or a bounce (every 50th) after it, each recorded by the conversations' data functions
    const conversationsStarted = performance.now();
    const span = 360 * dayMs;
    let replies = 0;
    let bounces = 0;
    let followUps = 0;
    const incoming = (kind: IncomingEmail['kind'], from: string, at: number): IncomingEmail => ({
      kind,
      providerMessageId: `gm-${randomUUID()}`,
      messageId: `<${randomUUID()}@example.com>`,
      from,
      fromName: null,
      to: 'me@gmail.com',
      subject: 'Re: Coffee?',
      body: 'Gladly, how about Tuesday?',
      at: new Date(at),
    });
    await pool(conversationCount, 16, async (index) => {
      const contact = items[index % contactCount]!;
      const to = contact.email ?? `person.${index % contactCount}@example.net`;
      const first = now - 365 * dayMs + Math.floor((index / conversationCount) * span) + (index % 13) * 3_600_000;
      const send = async (conversationId: string | null, at: number) => {
        const draftId = `draft-${randomUUID()}`;
        const { conversation } = await recordSentEmail(seedDb, uid, {
          conversationId,
          contactId: contact.contactId,
          draftId,
          draftType: conversationId ? 'follow_up' : 'initial_outreach',
          mailboxId: 'mailbox-1',
          provider: 'gmail',
          from: 'me@gmail.com',
          fromName: 'Me',
          to,
          subject: 'Coffee?',
          body: 'Hi, coffee next week?',
          sentAt: new Date(at),
          messageId: `<${draftId}@gmail.com>`,
          providerMessageId: `gm-${randomUUID()}`,
          threadId: `thread-${draftId}`,
        });
        return conversation.id;
      };
      const conversationId = await send(null, first);
      let last = first;
      // exactly `followUpCount` of them, spread evenly
      if (
        Math.floor(((index + 1) * followUpCount) / conversationCount) >
        Math.floor((index * followUpCount) / conversationCount)
      ) {
        followUps += 1;
        last = first + 2 * dayMs;
        await send(conversationId, last);
      }
      if (index % 4 === 0) {
        replies += 1;
        await recordIncomingEmail(
          seedDb,
          uid,
          conversationId,
          incoming('reply', to, last + (1 + (index % 30)) * 3_600_000),
        );
      } else if (index % 50 === 1) {
        bounces += 1;
        await recordIncomingEmail(seedDb, uid, conversationId, incoming('bounce', 'mailer@example.com', last + 60_000));
      }
    });
    const writesMs = performance.now() - conversationsStarted;
    const recordsAtWritesEnd = delivered.records;
    const drainStarted = performance.now();
    // while the aggregator catches up: the routes one after the other, and how late this process's event loop ran
    // (the local stack serves the gateway's Lambdas and runs the stream's consumer in this one process)
    const duringLoop = monitorEventLoopDelay({ resolution: 10 });
    duringLoop.enable();
    const during = await sampleWhile(stack.streams.drained(), request, calls);
    duringLoop.disable();
    const drainMs = performance.now() - drainStarted;
    const catchUpMs = performance.now() - seedStarted;
    const skipped = stack.streams.skipped('stats').length;
    // what the aggregator sent meanwhile (a user's consecutive records' claims + summed ADDs in one TransactWriteItems,
    // record by record when refused, and its retries)
    const aggregatorCalls = Object.entries(groupBy(calls, (call) => call.command.replace(/Command$/, ''))).map(
      ([command, list = []]) => ({
        command,
        count: list.length,
        medianMs: percentile(
          list.map((call) => call.ms),
          0.5,
        ),
        totalMs: list.reduce((sum, call) => sum + call.ms, 0),
        refused: Object.entries(
          groupBy(
            list.filter((call) => call.refused),
            (call) => call.refused!,
          ),
        ).map(([reason, refusals = []]) => `${reason} ${refusals.length}`),
      }),
    );

    // the routes, interleaved: a warm-up, then `runs` rounds of each (the order turning every round)
    const afterLoop = monitorEventLoopDelay({ resolution: 10 });
    afterLoop.enable();
    for (let warm = 0; warm < 3; warm += 1) for (const route of dashboardRoutes) await request(route.path);
    const samples = dashboardRoutes.map(() => [] as number[]);
    const callsOf = dashboardRoutes.map(() => [] as string[][]);
    for (let round = 0; round < runs; round += 1) {
      for (let turn = 0; turn < dashboardRoutes.length; turn += 1) {
        const which = (round + turn) % dashboardRoutes.length;
        calls.length = 0;
        const began = performance.now();
        await request(dashboardRoutes[which]!.path);
        samples[which]!.push(performance.now() - began);
        callsOf[which]!.push(
          calls.map((call) =>
            // the HTTP kit's deleted-account check of every `user` route, told apart from the route's own reads
            JSON.stringify(call.input).includes('DELETED_ACCOUNT#')
              ? 'account check'
              : call.command.replace(/Command$/, ''),
          ),
        );
      }
    }
    afterLoop.disable();
    const summary = await request('/api/dashboard/summary');
    const routes = dashboardRoutes.map((route, index) => {
      const perRequest = callsOf[index]!;
      const counts = perRequest.map((list) => list.length);
      return {
        ...route,
        medianMs: percentile(samples[index]!, 0.5),
        p95Ms: percentile(samples[index]!, 0.95),
        minCalls: Math.min(...counts),
        maxCalls: Math.max(...counts),
        domainCalls: Math.max(...perRequest.map((list) => list.filter((call) => call !== 'account check').length)),
        calls: perRequest[perRequest.length - 1]!,
      };
    });
    return {
      contacts: contactCount,
      conversations: conversationCount,
      sent: conversationCount + followUps,
      replies,
      bounces,
      contactsMs,
      writesMs,
      drainMs,
      catchUpMs,
      recordsAtWritesEnd,
      delivered: { ...delivered },
      skipped,
      aggregatorCalls,
      runs,
      routes,
      summary: (JSON.parse(summary) as { data: unknown }).data,
      during,
      eventLoop: { during: loopOf(duringLoop), after: loopOf(afterLoop) },
    };
  } finally {
    users.destroy();
    await stack.stop();
    rmSync(localDir, { recursive: true, force: true });
  }
};

export const printDashboard = async () => {
  const result = await benchDashboard();
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const perSecond = (count: number, ms: number) => Math.round(count / (ms / 1000)).toLocaleString('en');
  console.log(
    `\nDashboard and analytics (local stack, one user with ${result.contacts.toLocaleString('en')} contacts,` +
      ` ${result.sent.toLocaleString('en')} sent e-mails in ${result.conversations.toLocaleString('en')} conversations` +
      ` over the last year, ${result.replies.toLocaleString('en')} replies, ${result.bounces} bounces)`,
  );
  console.log(
    `  seed: contacts (BatchWriteItem) ${s(result.contactsMs)}; conversations' e-mails recorded by recordSentEmail /` +
      ` recordIncomingEmail, 16 at a time, ${s(result.writesMs)}`,
  );
  console.log(
    `  stats aggregator: ${result.delivered.records.toLocaleString('en')} stream records in ${result.delivered.batches}` +
      ` batches (${result.recordsAtWritesEnd.toLocaleString('en')} delivered while the seed wrote), caught up` +
      ` ${s(result.drainMs)} after the last write, ${s(result.catchUpMs)} from the first:` +
      ` ${perSecond(result.delivered.records, result.catchUpMs)} records/s overall,` +
      ` ${perSecond(result.delivered.records, result.delivered.consumerMs)} records/s inside the consumer` +
      ` (${s(result.delivered.consumerMs)} in its batches); skipped ${result.skipped}, failed batches` +
      ` ${result.delivered.failures}`,
  );
  console.log(
    `  the aggregator's DynamoDB calls meanwhile (count, median, total time, refused): ${result.aggregatorCalls
      .map(
        (call) =>
          `${call.command} ${call.count.toLocaleString('en')} x ${call.medianMs.toFixed(1)} ms = ${s(call.totalMs)}` +
          (call.refused.length ? ` (refused: ${call.refused.join(', ')})` : ''),
      )
      .join('; ')}`,
  );
  console.log(`  summary: ${JSON.stringify(result.summary)}`);
  const loop = (at: { p50: number; p99: number; max: number }) =>
    `median ${at.p50.toFixed(1)} ms, p99 ${at.p99.toFixed(0)} ms, max ${at.max.toFixed(0)} ms`;
  console.log(
    `  during the catch-up (one after the other until the stream drained; calls: the least seen, the aggregator's own` +
      ` land in the same count): ${result.during
        .map(
          (route) =>
            `${route.path} median ${route.medianMs.toFixed(1)} ms, p95 ${route.p95Ms.toFixed(1)} ms (${route.count}` +
            ` requests, ${route.minCalls} calls)`,
        )
        .join('; ')}`,
  );
  console.log(
    `  why health slows during the catch-up: the local stack runs the gateway's Lambdas and the stream's consumer in` +
      ` one Node process, so a request waits for the event loop the aggregator's batches hold (event-loop delay` +
      ` during: ${loop(result.eventLoop.during)}; after: ${loop(result.eventLoop.after)}). In AWS each consumer is` +
      ` a Lambda of its own and health shares nothing with it but DynamoDB (DescribeTable).`,
  );
  const health = result.routes[0]!.medianMs;
  console.log(
    `  ${result.runs} requests each, interleaved, through the local gateway with an ID token; calls = DynamoDB calls` +
      ` per request (every user route also does the account check, 1 GetItem); goal: the summary's own` +
      ` at most ${summaryCallGoal}`,
  );
  console.log(`  ${'route'.padEnd(38)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'x health'.padStart(9)}  calls`);
  for (const route of result.routes) {
    const calls = route.minCalls === route.maxCalls ? `${route.maxCalls}` : `${route.minCalls}-${route.maxCalls}`;
    const over = route.path === '/api/dashboard/summary' && route.domainCalls > summaryCallGoal ? '   OVER' : '';
    console.log(
      `  ${route.label.padEnd(38)} ${`${route.medianMs.toFixed(1)} ms`.padStart(9)} ${`${route.p95Ms.toFixed(1)} ms`.padStart(9)}` +
        ` ${`${(route.medianMs / health).toFixed(2)}x`.padStart(9)}  ${calls} (${route.calls.join(', ')})${over}`,
    );
  }
  return result;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await printDashboard();
  process.exit(0);
}
