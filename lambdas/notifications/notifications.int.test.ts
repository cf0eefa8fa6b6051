import { randomUUID } from 'node:crypto';
import { PutCommand } from '../data/dynamo.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from '../../infra/local/net.js';
import { sandboxNotificationSender } from '../../infra/local/sandbox/ses.js';
import { type Sandbox, startSandbox } from '../../infra/local/sandbox/server.js';
import type { LiveEvent } from '../../shared/live-events.js';
import type { Notification } from '../../shared/schemas/conversations.js';
import type { ReplyDigestMessage } from '../../shared/schemas/notifications.js';
import { type Settings, settingsDefaults } from '../../shared/schemas/profile.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { draftKey } from '../data/draft.js';
import { createMeetingItem, type MeetingItem } from '../data/meeting.js';
import { userNotifications } from '../data/notification.js';
import { getUserProfile, upsertUserProfile } from '../data/user-profile.js';
import { createSesClient, sesMailer } from '../providers/notification-mail/ses.js';
import type { NotificationsDeps } from './deps.js';
import { applyChange } from './notifications-stream.js';
import { indexMeeting, indexSummary, runReminders } from './reminders.js';
import { collectReply, digestWindowSeconds, sendReplyDigest } from './reply-digest.js';
import { unsubscribe, unsubscribeLinks, unsubscribePageUrl } from './unsubscribe.js';

/**
 * Notification e-mails and reminders (SPEC §3 `emailNotifications`, `reminderNotifications`; DESIGN §9) against
 * DynamoDB Local, with the real SES v2 adapter talking to the sandbox's SESv2 subset, whose mail is read back as a
 * person would (the sandbox mail under the user's address). The clock is the test's: each step sets it.
 */
let sandbox: Sandbox;
const db = createDataClient(process.env.TABLE_NAME!);
const signingKey = 'test-notification-signing-key';

beforeAll(async () => {
  const [port] = (await freePorts(1)) as [number];
  sandbox = await startSandbox({ port, log: () => {} });
});
afterAll(async () => {
  await sandbox?.stop();
});

type SentMessage = { queue: string; message: unknown; delaySeconds: number | undefined };

const setup = (start: string) => {
  let clock = new Date(start);
  const queued: SentMessage[] = [];
  const events: { uid: string; event: LiveEvent }[] = [];
  const deps: NotificationsDeps = {
    db,
    queue: {
      send: async (queue, message, options) =>
        void queued.push({ queue, message, delaySeconds: options?.delaySeconds }),
      sendMany: async () => {},
    },
    mailer: sesMailer(
      createSesClient({
        endpoint: sandbox.url,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
      sandboxNotificationSender,
    ),
    links: unsubscribeLinks(signingKey),
    unsubscribeUrl: 'https://api.example.test/api/notification-emails/unsubscribe',
    webOrigin: 'https://app.example.test',
    live: { publish: async (uid, event) => void events.push({ uid, event }) },
    now: () => clock,
    newId: () => randomUUID(),
    logger: createLogger('notifications-test'),
  };
  return {
    deps,
    queued,
    events,
    at: (iso: string) => {
      clock = new Date(iso);
    },
  };
};

/** A user with an account address of their own (so the sandbox mail under it is this test's only). */
const newUser = async (settings: Partial<Settings>) => {
  const uid = randomUUID();
  const email = `user-${uid.slice(0, 8)}@notify.example`;
  await upsertUserProfile(db, uid, {
    set: { email, settings: { ...settingsDefaults, ...settings } },
    setIfMissing: { subscriptionTier: 'free', subscriptionStatus: 'active', referralCode: uid.slice(0, 8) },
  });
  return { uid, email };
};

type MailItem = { id: string; from: string; to: string; subject: string; body: string };
const mailTo = async (address: string): Promise<MailItem[]> =>
  (await fetch(`${sandbox.url}/_sandbox/mail/messages?to=${encodeURIComponent(address)}`)).json() as Promise<
    MailItem[]
  >;
/** the message as received, its folded header lines unfolded (RFC 5322 §2.2.3) */
const rawOf = async (id: string) =>
  (await (await fetch(`${sandbox.url}/_sandbox/mail/messages/${id}/raw`)).text()).replace(/\r\n(?=[ \t])/g, '');

const replyNotification = (name: string, at: string): Notification => ({
  id: `<${randomUUID()}@mail.example>#${at}`,
  contact: { name, email: `${name.split(' ')[0]!.toLowerCase()}@contact.example` },
  contactId: randomUUID(),
  conversationId: randomUUID(),
  timestamp: at,
  read: false,
});

describe('reply notification e-mails (SPEC §3 emailNotifications)', () => {
  it('sends one e-mail for two replies 5 minutes apart, 15 minutes after the first, with a one-click unsubscribe', async () => {
    const { deps, queued, at } = setup('2026-03-02T10:00:00.000Z');
    const user = await newUser({ emailNotifications: true });
    expect(await collectReply(deps, user.uid, replyNotification('Ada Lovelace', '2026-03-02T10:00:00.000Z'))).toBe(
      'opened',
    );
    at('2026-03-02T10:05:00.000Z');
    expect(await collectReply(deps, user.uid, replyNotification('Grace Hopper', '2026-03-02T10:05:00.000Z'))).toBe(
      'added',
    );
    // one message, held back for the window
    expect(queued).toEqual([
      {
        queue: 'notification-email',
        message: expect.objectContaining({ uid: user.uid }),
        delaySeconds: digestWindowSeconds,
      },
    ]);
    expect(await mailTo(user.email)).toEqual([]);

    at('2026-03-02T10:15:00.000Z');
    const message = queued[0]!.message as ReplyDigestMessage;
    expect(await sendReplyDigest(deps, message)).toMatchObject({ outcome: 'sent', replies: 2 });
    // a redelivered message sends nothing more
    expect(await sendReplyDigest(deps, message)).toEqual({ outcome: 'already' });

    const mails = await mailTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: sandboxNotificationSender, subject: '2 new replies' });
    expect(mails[0]!.body).toContain('Ada Lovelace (ada@contact.example)');
    expect(mails[0]!.body).toContain('Grace Hopper (grace@contact.example)');
    expect(mails[0]!.body).toContain('https://app.example.test/pipeline');
    const raw = await rawOf(mails[0]!.id);
    expect(raw).toMatch(
      /^List-Unsubscribe: <https:\/\/api\.example\.test\/api\/notification-emails\/unsubscribe\?token=[^>]+>\r?$/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // a reply after the window opens the next one
    at('2026-03-02T10:16:00.000Z');
    expect(await collectReply(deps, user.uid, replyNotification('Alan Turing', '2026-03-02T10:16:00.000Z'))).toBe(
      'opened',
    );
    expect(queued).toHaveLength(2);
  });

  it('links a single reply to its conversation', async () => {
    const { deps, queued } = setup('2026-03-02T11:00:00.000Z');
    const user = await newUser({ emailNotifications: true });
    const reply = replyNotification('Ada Lovelace', '2026-03-02T11:00:00.000Z');
    await collectReply(deps, user.uid, reply);
    // the stream delivering the same notification again adds nothing
    await collectReply(deps, user.uid, reply);
    await sendReplyDigest(deps, queued[0]!.message as ReplyDigestMessage);
    const [mail] = await mailTo(user.email);
    expect(mail).toMatchObject({ subject: 'Ada Lovelace replied to you' });
    expect(mail!.body).toContain(`https://app.example.test/outreach?contact=${reply.contactId}`);
  });

  it("writes the e-mail in the user's language, its times in their time zone", async () => {
    const { deps, queued } = setup('2026-03-02T11:00:00.000Z');
    const user = await newUser({ emailNotifications: true, language: 'de', timeZone: 'Europe/Berlin' });
    await collectReply(deps, user.uid, replyNotification('Ada Lovelace', '2026-03-02T11:00:00.000Z'));
    await sendReplyDigest(deps, queued[0]!.message as ReplyDigestMessage);
    const [mail] = await mailTo(user.email);
    expect(mail).toMatchObject({ subject: 'Ada Lovelace hat Ihnen geantwortet' });
    // 11:00 UTC is 12:00 in Berlin, written as German writes a date
    expect(mail!.body).toContain(
      'Ada Lovelace (ada@contact.example) hat auf Ihre E-Mail geantwortet (02.03.2026, 12:00).',
    );
    expect(mail!.body).toContain('Unterhaltung öffnen');
    expect(mail!.body).toContain('Abbestellen');
  });

  it('queues and sends nothing while the setting is off', async () => {
    const { deps, queued } = setup('2026-03-02T12:00:00.000Z');
    const user = await newUser({ emailNotifications: false });
    expect(await collectReply(deps, user.uid, replyNotification('Ada Lovelace', '2026-03-02T12:00:00.000Z'))).toBe(
      'off',
    );
    expect(queued).toEqual([]);
    expect(await mailTo(user.email)).toEqual([]);
  });

  it('sends nothing when the setting was turned off during the window', async () => {
    const { deps, queued } = setup('2026-03-02T12:00:00.000Z');
    const user = await newUser({ emailNotifications: true });
    await collectReply(deps, user.uid, replyNotification('Ada Lovelace', '2026-03-02T12:00:00.000Z'));
    await upsertUserProfile(db, user.uid, { set: { 'settings.emailNotifications': false } as never, setIfMissing: {} });
    expect(await sendReplyDigest(deps, queued[0]!.message as ReplyDigestMessage)).toEqual({ outcome: 'skipped' });
    expect(await mailTo(user.email)).toEqual([]);
  });
});

describe('the unsubscribe link (RFC 8058, DESIGN §9)', () => {
  const tokenOf = (raw: string) => {
    const url = /^List-Unsubscribe: <([^>]+)>/m.exec(raw)?.[1];
    return new URL(url!).searchParams.get('token')!;
  };

  it("turns the setting off with the e-mail's token, and refuses a changed, forged or foreign token", async () => {
    const { deps, queued } = setup('2026-03-02T13:00:00.000Z');
    const user = await newUser({ emailNotifications: true });
    const other = await newUser({ emailNotifications: true });
    await collectReply(deps, user.uid, replyNotification('Ada Lovelace', '2026-03-02T13:00:00.000Z'));
    await sendReplyDigest(deps, queued[0]!.message as ReplyDigestMessage);
    const token = tokenOf(await rawOf((await mailTo(user.email))[0]!.id));

    // the payload changed to name another user, with the same signature
    const [, mac] = token.split('.');
    const changed = `${Buffer.from(JSON.stringify({ uid: other.uid, setting: 'emailNotifications' })).toString('base64url')}.${mac}`;
    await expect(unsubscribe(deps, changed)).rejects.toMatchObject({ status: 400, code: 'invalid_token' });
    // a token signed with another key
    const forged = await unsubscribeLinks('another-key').token(other.uid, 'emailNotifications');
    await expect(unsubscribe(deps, forged)).rejects.toMatchObject({ status: 400 });
    await expect(unsubscribe(deps, 'not-a-token')).rejects.toMatchObject({ status: 400 });
    expect((await getUserProfile(db, other.uid))?.settings.emailNotifications).toBe(true);

    expect(await unsubscribe(deps, token)).toEqual({ setting: 'emailNotifications', enabled: false });
    expect((await getUserProfile(db, user.uid))?.settings.emailNotifications).toBe(false);
    expect((await getUserProfile(db, other.uid))?.settings.emailNotifications).toBe(true);
  });

  it("opens the web app's page in the language the e-mail was written in", async () => {
    const { deps } = setup('2026-03-02T13:00:00.000Z');
    const user = await newUser({ emailNotifications: true, language: 'fr' });
    const token = await deps.links.token(user.uid, 'emailNotifications');
    const page = new URL(await unsubscribePageUrl(deps, token));
    expect(`${page.origin}${page.pathname}`).toBe('https://app.example.test/unsubscribe');
    expect(Object.fromEntries(page.searchParams)).toEqual({ token, lang: 'fr' });
    await expect(unsubscribePageUrl(deps, 'not-a-token')).rejects.toMatchObject({ status: 400 });
  });
});

const meetingOf = (uid: string, startTime: string, status: MeetingItem['status'] = 'scheduled'): MeetingItem =>
  ({
    id: randomUUID(),
    userId: uid,
    version: 1,
    contactId: randomUUID(),
    contactName: 'Ada Lovelace',
    contactEmail: 'ada@contact.example',
    contactCompany: null,
    title: 'Coffee chat',
    startTime,
    durationMinutes: 30,
    timeZone: 'UTC',
    notes: '',
    status,
    sequence: 0,
    invitation: { status: 'skipped', method: 'REQUEST', sequence: 0 },
  }) as unknown as MeetingItem;

const remindersOf = async (uid: string) =>
  (await userNotifications(db, uid)).filter((notification) => notification.reminder);

describe('meeting reminders (SPEC §3 reminderNotifications)', () => {
  it('reminds once, 60 minutes before, in the bell (live) and by e-mail', async () => {
    const { deps, events, at } = setup('2026-03-03T08:00:00.000Z');
    const user = await newUser({ reminderNotifications: true });
    const meeting = meetingOf(user.uid, '2026-03-03T10:00:00.000Z');
    await createMeetingItem(db, meeting);
    await indexMeeting(deps, user.uid, meeting, meeting.id);

    at('2026-03-03T08:58:00.000Z');
    await runReminders(deps, new Date(Date.now() + 60_000));
    expect(await remindersOf(user.uid)).toEqual([]);

    at('2026-03-03T09:00:30.000Z');
    await runReminders(deps, new Date(Date.now() + 60_000));
    // a second run (or a retried one) finds it claimed
    await runReminders(deps, new Date(Date.now() + 60_000));
    const reminders = await remindersOf(user.uid);
    expect(reminders).toEqual([
      expect.objectContaining({
        reminder: { meetingId: meeting.id, title: 'Coffee chat', startTime: meeting.startTime },
        contact: expect.objectContaining({ name: 'Ada Lovelace' }),
        read: false,
      }),
    ]);
    expect(events).toEqual([
      { uid: user.uid, event: { type: 'notification.created', data: { notificationId: reminders[0]!.id } } },
    ]);
    const mails = await mailTo(user.email);
    expect(mails).toEqual([expect.objectContaining({ subject: 'Starting in 60 minutes: Coffee chat' })]);
    expect(mails[0]!.body).toContain('Coffee chat with Ada Lovelace starts at 10:00.');

    // a later change of the meeting at the same start (an RSVP) does not remind again
    await indexMeeting(deps, user.uid, { ...meeting, notes: 'bring the deck' }, meeting.id);
    await runReminders(deps, new Date(Date.now() + 60_000));
    expect(await remindersOf(user.uid)).toHaveLength(1);
  });

  it('reminds of a cancelled meeting never, and of a moved one at its new time', async () => {
    const { deps, at } = setup('2026-03-04T08:00:00.000Z');
    const user = await newUser({ reminderNotifications: true });
    const cancelled = meetingOf(user.uid, '2026-03-04T10:00:00.000Z');
    await createMeetingItem(db, cancelled);
    await indexMeeting(deps, user.uid, cancelled, cancelled.id);
    await indexMeeting(deps, user.uid, { ...cancelled, status: 'cancelled' }, cancelled.id);

    const moved = meetingOf(user.uid, '2026-03-04T10:00:00.000Z');
    await createMeetingItem(db, moved);
    await indexMeeting(deps, user.uid, moved, moved.id);
    const later = { ...moved, startTime: '2026-03-04T14:00:00.000Z', version: 2 };
    await db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: { pk: `USER#${user.uid}`, sk: `MEETING#${moved.id}`, entity: 'meeting', ...later },
      }),
    );
    await indexMeeting(deps, user.uid, later, moved.id);

    at('2026-03-04T09:01:00.000Z');
    await runReminders(deps, new Date(Date.now() + 60_000));
    expect(await remindersOf(user.uid)).toEqual([]);

    at('2026-03-04T13:01:00.000Z');
    await runReminders(deps, new Date(Date.now() + 60_000));
    expect(await remindersOf(user.uid)).toEqual([
      expect.objectContaining({
        reminder: expect.objectContaining({ meetingId: moved.id, startTime: later.startTime }),
      }),
    ]);
  });

  it('reminds of nothing while reminders are off', async () => {
    const { deps, at } = setup('2026-03-05T08:00:00.000Z');
    const user = await newUser({ reminderNotifications: false });
    const meeting = meetingOf(user.uid, '2026-03-05T10:00:00.000Z');
    await createMeetingItem(db, meeting);
    await indexMeeting(deps, user.uid, meeting, meeting.id);
    at('2026-03-05T09:01:00.000Z');
    await runReminders(deps, new Date(Date.now() + 60_000));
    expect(await remindersOf(user.uid)).toEqual([]);
    expect(await mailTo(user.email)).toEqual([]);
  });
});

describe('the morning summary (SPEC §3 reminderNotifications)', () => {
  const sendingDraft = async (uid: string, scheduledSendTime: string, draftType: string) => {
    const id = randomUUID();
    await db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...draftKey(uid, id),
          entity: 'draft',
          id,
          userId: uid,
          contactId: randomUUID(),
          draftType,
          status: 'sending',
          subject: 'Hello',
          body: 'Hi',
          scheduledSendTime,
          dueAt: scheduledSendTime,
        },
      }),
    );
  };

  it("sends the day's sends at 08:00 in the user's zone, once, and nothing on a day without any", async () => {
    // 05:00 in Tokyo (UTC+9)
    const { deps, at } = setup('2026-03-05T20:00:00.000Z');
    const user = await newUser({ reminderNotifications: true, timeZone: 'Asia/Tokyo' });
    await indexSummary(deps, user.uid, { ...settingsDefaults, reminderNotifications: true, timeZone: 'Asia/Tokyo' });
    // 10:00 and 15:30 Tokyo on the 6th; the 7th's is another day's
    await sendingDraft(user.uid, '2026-03-06T01:00:00.000Z', 'follow_up');
    await sendingDraft(user.uid, '2026-03-06T06:30:00.000Z', 'initial_outreach');
    await sendingDraft(user.uid, '2026-03-07T01:00:00.000Z', 'follow_up');

    at('2026-03-05T22:59:00.000Z');
    await runReminders(deps, new Date(Date.now() + 60_000));
    expect(await mailTo(user.email)).toEqual([]);

    at('2026-03-05T23:00:10.000Z');
    await runReminders(deps, new Date(Date.now() + 60_000));
    await runReminders(deps, new Date(Date.now() + 60_000));
    const mails = await mailTo(user.email);
    expect(mails).toEqual([expect.objectContaining({ subject: 'Going out today: 2 e-mails' })]);
    expect(mails[0]!.body).toMatch(/Follow-up to .* at 10:00/);
    expect(mails[0]!.body).toMatch(/E-mail to .* at 15:30/);

    // the 7th at 08:00 Tokyo: one send; the 8th: none, so no e-mail
    at('2026-03-06T23:00:10.000Z');
    await runReminders(deps, new Date(Date.now() + 60_000));
    at('2026-03-07T23:00:10.000Z');
    await runReminders(deps, new Date(Date.now() + 60_000));
    expect((await mailTo(user.email)).map((mail) => mail.subject).sort()).toEqual([
      'Going out today: 1 e-mail',
      'Going out today: 2 e-mails',
    ]);
  });
});

describe('the notifications stream consumer (shared/streams.ts notification-emails)', () => {
  it("collects a new reply's notification only, and indexes meetings and the summary setting", async () => {
    const { deps, queued } = setup('2026-03-06T10:00:00.000Z');
    const user = await newUser({ emailNotifications: true });
    const key = { pk: `USER#${user.uid}` };
    const reply = replyNotification('Ada Lovelace', '2026-03-06T10:00:00.000Z');
    const item = { ...key, sk: `NOTIF#${reply.id}`, entity: 'notification', ...reply };
    const change = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', images: { oldImage?: object; newImage?: object }) =>
      ({ index: 0, eventId: '1', sequenceNumber: '1', eventName, ...images }) as Parameters<typeof applyChange>[1];

    // marked read, or an invitation's answer: no e-mail
    expect(await applyChange(deps, change('MODIFY', { oldImage: item, newImage: { ...item, read: true } }))).toBeNull();
    const rsvp = { ...item, sk: 'NOTIF#rsvp', id: 'rsvp', rsvp: { meetingId: 'm', title: 't', answer: 'accepted' } };
    expect(await applyChange(deps, change('INSERT', { newImage: rsvp }))).toBeNull();
    expect(queued).toEqual([]);
    expect(await applyChange(deps, change('INSERT', { newImage: item }))).toBe('opened');
    expect(queued).toHaveLength(1);

    const meeting = meetingOf(user.uid, '2026-03-06T12:00:00.000Z');
    const meetingItem = { ...key, sk: `MEETING#${meeting.id}`, entity: 'meeting', ...meeting };
    expect(await applyChange(deps, change('INSERT', { newImage: meetingItem }))).toBe('indexed');
    expect(await applyChange(deps, change('REMOVE', { oldImage: meetingItem }))).toBe('removed');

    const profile = { ...key, sk: 'PROFILE', entity: 'userProfile', settings: { ...settingsDefaults } };
    const on = { ...profile, settings: { ...settingsDefaults, reminderNotifications: true } };
    expect(
      await applyChange(deps, change('MODIFY', { oldImage: profile, newImage: { ...profile, bio: 'x' } })),
    ).toBeNull();
    expect(await applyChange(deps, change('MODIFY', { oldImage: profile, newImage: on }))).toBe('indexed');
    expect(await applyChange(deps, change('MODIFY', { oldImage: on, newImage: profile }))).toBe('removed');
  });
});
