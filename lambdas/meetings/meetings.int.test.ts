import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEnvironment, lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { freePorts } from '../../infra/local/net.js';
import { consentInSandbox } from '../../infra/local/sandbox/oauth-consent.js';
import { type Sandbox, startSandbox } from '../../infra/local/sandbox/server.js';
import type { LiveEvent } from '../../shared/live-events.js';
import { type QueueName, queues } from '../../shared/queues.js';
import { type Meeting, meetingMessages } from '../../shared/schemas/meetings.js';
import { settingsDefaults } from '../../shared/schemas/profile.js';
import { addDoNotContact } from '../conversations/index.js';
import { HttpError } from '../core/errors.js';
import { createLogger } from '../core/logger.js';
import { userActivity } from '../data/activity.js';
import { createDataClient } from '../data/client.js';
import { contactKey, putContacts } from '../data/contact.js';
import { getMeeting, meetingKey } from '../data/meeting.js';
import { getPipelineEntry } from '../data/pipeline.js';
import { profileKey } from '../data/user-profile.js';
import { defaultMailboxAccessToken, expireMailbox } from '../mailboxes/index.js';
import { MailApiFailure } from '../providers/mail/port.js';
import { allParts, mimeTree } from '../providers/mail/test/mime-parts.js';
import { lambdaContext, userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';
import { connectMailbox, webOrigin } from '../test/connect-mailbox.js';
import { memoryIdempotencyStore } from '../test/memory-idempotency.js';
import { setAttributes } from '../test/raw-items.js';
import { sqsRecord } from '../test/sqs-event.js';
import { type MeetingsDeps, meetingsDepsFromEnv } from './deps.js';
import { invitationUid } from './invitation.js';
import { invitationWorker } from './invitation-worker.js';
import * as meetings from './service.js';
import { icsLines, icsValue } from './test/ics.js';
import { exchangeZoomCode, startZoomSignIn } from './zoom-connection.js';

/**
 * Meetings through the real adapters pointed at the sandbox by base URL, as the local stack runs them: Zoom connected
 * through its consent page (meetings made, moved and deleted in the sandbox's Zoom), the mailbox through Google's,
 * invitations sent by the worker and read back from the sandbox's mail (the .ics from the sent message's MIME).
 */
let sandbox: Sandbox;
let restoreEnv: () => void;
const db = createDataClient(process.env.TABLE_NAME!);
const logger = createLogger('meetings-test');

beforeAll(async () => {
  const [port] = (await freePorts(1)) as [number];
  sandbox = await startSandbox({ port, log: () => {} });
  const env = lambdaEnvironment({ sandboxEndpoint: `http://127.0.0.1:${port}` });
  restoreEnv = applyEnvironment(
    Object.fromEntries(Object.entries(env).filter(([name]) => /^(GOOGLE|GMAIL|MICROSOFT|ZOOM)_/.test(name))),
  );
});

afterAll(async () => {
  restoreEnv?.();
  await sandbox?.stop();
});

const hour = 60 * 60_000;
/** a start `hours` ahead, on a whole minute (as people book, and as Zoom keeps times: to the second) */
const inHours = (hours: number) => new Date(Math.ceil((Date.now() + hours * hour) / 60_000) * 60_000).toISOString();

type SandboxMessage = { id: string; from: string; to: string; subject: string; body: string; messageId: string };
type SandboxZoomMeeting = { id: number; topic: string; startTime: string; duration: number; deleted: boolean };

const sandboxJson = async <T>(path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
};

/** the sandbox's Zoom meetings of a host (Zoom's numeric ids as the strings the port answers) */
const zoomMeetingsOf = async (email: string) =>
  (await sandboxJson<SandboxZoomMeeting[]>(`/_sandbox/zoom/meetings?email=${encodeURIComponent(email)}`)).map(
    (meeting) => ({ ...meeting, id: String(meeting.id) }),
  );

/**
 * A user (settings: 45 min meetings in Paris), a contact with a verified address, and as asked a Gmail (or Outlook)
 * mailbox and Zoom, each connected through the sandbox's consent page; the domain's real dependencies but for a queue and a live
 * channel that record what they are given; the invitation worker.
 */
const world = async (
  options: {
    mailbox?: boolean;
    provider?: 'gmail' | 'outlook';
    zoom?: boolean;
    contactEmail?: string | null;
    /** the verifier's verdict on the contact's address (valid unless given; null: none yet) */
    emailQevStatus?: 'valid' | 'invalid' | 'accept_all' | 'unknown' | null;
    /** the person confirmed the contact's (risky) address */
    confirmed?: boolean;
  } = {},
) => {
  const claims = userClaims();
  const uid = claims.sub as string;
  const tag = uid.slice(0, 8);
  await setAttributes(db, profileKey(uid), {
    entity: 'userProfile',
    uid,
    email: claims.email,
    displayName: 'Ada Lovelace',
    settings: { ...settingsDefaults, meetingDuration: 45, timeZone: 'Europe/Paris' },
  });
  const queued: { queue: QueueName; message: { uid: string; meetingId: string; sequence: number } }[] = [];
  const events: LiveEvent[] = [];
  const deps: MeetingsDeps = {
    ...meetingsDepsFromEnv(logger),
    queue: {
      send: async (queue, message) => void queued.push({ queue, message: message as never }),
      sendMany: async () => {
        throw new Error('not a call of meetings');
      },
    },
    live: { publish: async (_uid, event) => void events.push(event) },
  };

  const provider = options.provider ?? 'gmail';
  const mailboxEmail = `ada.${tag}@${provider === 'gmail' ? 'gmail.com' : 'contoso.example'}`;
  if (options.mailbox !== false) {
    await connectMailbox(claims, { provider, email: mailboxEmail });
  }

  const zoomEmail = `ada.${tag}@zoom.example`;
  const connectZoom = async () => {
    const { authUrl, state } = await startZoomSignIn(deps, uid, { redirect: `${webOrigin}/zoom-auth` });
    const redirect = await consentInSandbox(authUrl, { email: zoomEmail });
    expect(redirect.state).toBe(state);
    await exchangeZoomCode(deps, uid, { code: redirect.code!, state });
  };
  if (options.zoom) await connectZoom();

  const contactId = deps.newId();
  const contactAddress = `grace.${tag}@navy.example`;
  await putContacts(db, [
    {
      uid,
      contactId,
      name: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      company: 'US Navy',
      ...(options.contactEmail === null ? {} : { email: options.contactEmail ?? contactAddress }),
      ...(options.emailQevStatus === null ? {} : { emailQevStatus: options.emailQevStatus ?? 'valid' }),
      ...(options.confirmed ? { emailConfirmedFor: options.contactEmail ?? contactAddress } : {}),
      importedAt: new Date().toISOString(),
      lastUpdated: new Date().toISOString(),
    },
  ]);

  const worker = invitationWorker(deps, logger, memoryIdempotencyStore().store);
  let delivered = 0;
  /** delivers every invitation queued since the last call, in order */
  const deliverQueued = async () => {
    // the reply checks a sent invitation queues for its mailbox are the replies domain's
    const pending = queued.slice(delivered).filter((item) => item.queue === 'meeting-invitation');
    delivered = queued.length;
    for (const { message } of pending) {
      const answer = await worker(
        { Records: [sqsRecord(JSON.stringify(message), { queue: 'meeting-invitation' })] },
        lambdaContext(),
      );
      expect(answer).toEqual({ batchItemFailures: [] });
    }
    return pending.map((item) => item.message);
  };
  /** what the contact received, oldest first */
  const received = async () =>
    (await sandboxJson<SandboxMessage[]>(`/_sandbox/mail/messages?to=${encodeURIComponent(contactAddress)}`)).reverse();
  /** a sent message exactly as the contact received it (the sandbox's Show original) */
  const rawOf = async (message: SandboxMessage) => {
    const response = await fetch(`${sandbox.url}/_sandbox/mail/messages/${message.id}/raw`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer()).toString('utf8');
  };
  /** the iCalendar part of a sent message: the text/calendar alternative of its text */
  const calendarOf = async (message: SandboxMessage) => {
    const part = allParts(mimeTree(await rawOf(message))).find((candidate) => candidate.type === 'text/calendar');
    expect(part, 'the invitation has a text/calendar part').toBeDefined();
    return { type: { value: part!.type, params: part!.params }, lines: icsLines(part!.body) };
  };
  const book = (fields: Partial<Parameters<typeof meetings.createMeeting>[2]> = {}) =>
    meetings.createMeeting(deps, uid, { contactId, startTime: inHours(48), ...fields });
  const stored = async (meetingId: string) => (await getMeeting(db, uid, meetingId))!;

  return {
    uid,
    deps,
    queued,
    events,
    contactId,
    contactAddress,
    mailboxEmail,
    zoomEmail,
    connectZoom,
    worker,
    deliverQueued,
    received,
    calendarOf,
    rawOf,
    book,
    stored,
  };
};

describe('booking a meeting', () => {
  it("without Zoom: kept without a link and saying so, with the user's length and zone, the start in UTC", async () => {
    const w = await world({ zoom: false });
    // 10:00 in Paris two days ahead, as a browser in Paris sends it
    const local = new Date(Date.parse(inHours(48)) + hour).toISOString().replace('Z', '+01:00');
    const meeting = await w.book({ startTime: local });

    expect(meeting).toMatchObject({
      contactId: w.contactId,
      contactName: 'Grace Hopper',
      contactEmail: w.contactAddress,
      contactCompany: 'US Navy',
      title: 'Meeting with Grace Hopper',
      startTime: new Date(Date.parse(local)).toISOString(),
      durationMinutes: 45,
      timeZone: 'Europe/Paris',
      status: 'scheduled',
      sequence: 0,
      notes: '',
      zoomError: meetingMessages.noZoom,
      invitation: { status: 'queued', method: 'REQUEST', sequence: 0 },
    });
    expect(meeting.startTime).toMatch(/Z$/);
    expect(meeting.zoomJoinUrl).toBeUndefined();
    expect(w.queued).toEqual([
      { queue: 'meeting-invitation', message: { uid: w.uid, meetingId: meeting.id, sequence: 0 } },
    ]);
  });

  it("is on the activity log with the contact's name: completed once saved, failed when it could not be", async () => {
    const w = await world({ zoom: false });
    const meetingId = randomUUID();
    const deps: MeetingsDeps = { ...w.deps, newId: () => meetingId };
    await meetings.createMeeting(deps, w.uid, { contactId: w.contactId, startTime: inHours(30) });
    // a second booking under the same id cannot be saved (its write is refused)
    await expect(
      meetings.createMeeting(deps, w.uid, { contactId: w.contactId, startTime: inHours(31) }),
    ).rejects.toThrow();

    const [failed, completed] = await userActivity(db, w.uid, new Date());
    expect(completed).toMatchObject({
      actionType: 'book_meeting',
      status: 'completed',
      completedAt: expect.any(String),
      recipients: [{ name: 'Grace Hopper' }],
      profileCount: 1,
      completedCount: 1,
      error: null,
    });
    expect(failed).toMatchObject({
      actionType: 'book_meeting',
      status: 'failed',
      recipients: [{ name: 'Grace Hopper' }],
      failedCount: 1,
      error: meetings.meetingNotSaved,
    });
    expect(w.events).toContainEqual({ type: 'activity.changed', data: { id: completed!.id, status: 'completed' } });
  });

  it('adds the missing Zoom link once Zoom is connected, and says when Zoom expired', async () => {
    const w = await world({ zoom: false });
    const meeting = await w.book();
    const still = await meetings.updateMeeting(w.deps, w.uid, meeting.id, { addZoomLink: true });
    expect(still).toMatchObject({ zoomError: meetingMessages.noZoom, sequence: 0 });
    await w.connectZoom();
    const linked = await meetings.updateMeeting(w.deps, w.uid, meeting.id, { addZoomLink: true });
    expect(linked.zoomJoinUrl).toBeDefined();
    expect(linked).toMatchObject({ sequence: 1, invitation: { status: 'queued', method: 'REQUEST', sequence: 1 } });
    expect(linked.zoomError).toBeUndefined();

    // the user removed the grant at Zoom: the token is refused, its renewal too
    await sandboxJson('/_sandbox/oauth/revoke', { email: w.zoomEmail });
    const expired = await w.book();
    expect(expired).toMatchObject({ zoomError: meetingMessages.zoomExpired });
    expect(expired.zoomJoinUrl).toBeUndefined();
  });

  it("moves the contact to 'meeting scheduled' and tells the tabs", async () => {
    const w = await world();
    const meeting = await w.book();
    expect(await getPipelineEntry(db, w.uid, w.contactId)).toMatchObject({ stage: 'meeting_scheduled' });
    expect(w.events).toContainEqual({
      type: 'pipeline.changed',
      data: { contactId: w.contactId, stage: 'meeting_scheduled' },
    });
    expect(w.events).toContainEqual({
      type: 'meeting.updated',
      data: { meetingId: meeting.id, contactId: w.contactId },
    });
    expect(await meetings.listMeetings(w.deps, w.uid)).toEqual([meeting]);
  });

  it('with Zoom connected: a Zoom meeting of its title, start, length and zone, with its join link', async () => {
    const w = await world({ zoom: true });
    const meeting = await w.book({ title: 'Compilers chat', durationMinutes: 30 });
    expect(meeting.zoomError).toBeUndefined();
    expect(meeting.zoomJoinUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/zoom\/j\/\d+$/);
    const [zoomMeeting, ...others] = await zoomMeetingsOf(w.zoomEmail);
    expect(others).toEqual([]);
    expect(zoomMeeting).toMatchObject({ id: meeting.zoomMeetingId, topic: 'Compilers chat', duration: 30 });
    expect(Date.parse(zoomMeeting!.startTime)).toBe(Date.parse(meeting.startTime));
  });

  it('is stored before Zoom is asked, as it would stand should Zoom never answer (a crash loses no booking)', async () => {
    const w = await world({ zoom: true });
    const seen: unknown[] = [];
    let queuedBeforeZoom = -1;
    const api = w.deps.zoom.api;
    const deps: MeetingsDeps = {
      ...w.deps,
      zoom: {
        ...w.deps.zoom,
        api: {
          ...api,
          createMeeting: async (token, input) => {
            seen.push(...(await meetings.listMeetings(w.deps, w.uid)));
            queuedBeforeZoom = w.queued.length;
            return api.createMeeting(token, input);
          },
        },
      },
    };
    const meeting = await meetings.createMeeting(deps, w.uid, { contactId: w.contactId, startTime: inHours(30) });
    expect(seen).toEqual([
      expect.objectContaining({ id: meeting.id, status: 'scheduled', zoomError: meetingMessages.zoomFailed }),
    ]);
    expect(meeting.zoomJoinUrl).toBeDefined();
    // the invitation is queued only once the link is written: nobody gets a meeting without the link it got
    expect(queuedBeforeZoom).toBe(0);
    expect(w.queued).toHaveLength(1);
  });

  it('renews a Zoom token Zoom refused (401) once and makes the meeting', async () => {
    const w = await world({ zoom: true });
    await sandboxJson('/_sandbox/zoom/fail', { operation: 'createMeeting', status: 401, times: 1 });
    const meeting = await w.book();
    expect(meeting.zoomError).toBeUndefined();
    expect(meeting.zoomJoinUrl).toBeDefined();
  });

  it('with Zoom failing: the meeting is kept without a link, the user told, answered 201', async () => {
    const w = await world({ zoom: true });
    // a meeting is created once (never retried: a lost answer could make two)
    await sandboxJson('/_sandbox/zoom/fail', { operation: 'createMeeting', status: 503, times: 1 });
    const claims = { sub: w.uid, email: `${w.uid.slice(0, 8)}@example.com`, token_use: 'id' };
    const response = await callRoute('POST /api/meetings', {
      claims,
      body: { contactId: w.contactId, startTime: inHours(24), sendInvitation: false },
    });
    expect(response.status, response.raw).toBe(201);
    const meeting = response.json.data as Meeting;
    expect(meeting).toMatchObject({ status: 'scheduled', zoomError: meetingMessages.zoomFailed });
    expect(meeting.zoomJoinUrl).toBeUndefined();
    expect(await w.stored(meeting.id)).toMatchObject({ zoomError: meetingMessages.zoomFailed });
    expect(await zoomMeetingsOf(w.zoomEmail)).toEqual([]);

    // Zoom is back: the missing link is added on demand, and the contact is sent the meeting with it
    const linked = await meetings.updateMeeting(w.deps, w.uid, meeting.id, { addZoomLink: true });
    expect(linked.zoomJoinUrl).toBeDefined();
    expect(linked.zoomError).toBeUndefined();
    expect(linked).toMatchObject({ sequence: 1, invitation: { status: 'queued', method: 'REQUEST', sequence: 1 } });
  });

  it('refuses a start in the past, a contact that is not the caller’s, and keeps the meeting from other users', async () => {
    const w = await world();
    const other = await world();
    await expect(w.book({ startTime: new Date(Date.now() - hour).toISOString() })).rejects.toMatchObject({
      status: 400,
      message: meetingMessages.startInPast,
    });
    await expect(w.book({ contactId: other.contactId })).rejects.toMatchObject({
      status: 404,
      message: meetingMessages.contactNotFound,
    });
    const meeting = await w.book();
    for (const call of [
      () => meetings.getMeetingOf(other.deps, other.uid, meeting.id),
      () => meetings.updateMeeting(other.deps, other.uid, meeting.id, { notes: 'mine now' }),
      () => meetings.cancelMeeting(other.deps, other.uid, meeting.id),
    ]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 404, message: meetingMessages.notFound });
    }
    expect(await w.stored(meeting.id)).toMatchObject({ notes: '', status: 'scheduled', version: 2 });
    expect(await meetings.listMeetings(other.deps, other.uid)).toEqual([]);
  });
});

describe('changing a meeting', () => {
  it('refuses a PATCH that changes nothing, and any change of a cancelled meeting; cancelling twice answers it', async () => {
    const w = await world();
    const meeting = await w.book({ notes: 'agenda' });
    await expect(meetings.updateMeeting(w.deps, w.uid, meeting.id, {})).rejects.toMatchObject({
      status: 400,
      message: meetingMessages.noValidFields,
    });
    await expect(
      meetings.updateMeeting(w.deps, w.uid, meeting.id, { notes: 'agenda', startTime: meeting.startTime }),
    ).rejects.toMatchObject({ status: 400, message: meetingMessages.noValidFields });
    await expect(
      meetings.updateMeeting(w.deps, w.uid, meeting.id, { startTime: new Date(Date.now() - hour).toISOString() }),
    ).rejects.toMatchObject({ status: 400, message: meetingMessages.startInPast });

    const cancelled = await meetings.cancelMeeting(w.deps, w.uid, meeting.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', sequence: 1 });
    expect(await meetings.cancelMeeting(w.deps, w.uid, meeting.id)).toEqual(cancelled);
    await expect(meetings.updateMeeting(w.deps, w.uid, meeting.id, { notes: 'after' })).rejects.toMatchObject({
      status: 400,
      message: meetingMessages.cancelled,
    });
  });

  it('marks a meeting done and keeps notes without an invitation', async () => {
    const w = await world();
    const meeting = await w.book();
    const done = await meetings.updateMeeting(w.deps, w.uid, meeting.id, { status: 'done', notes: 'Went well' });
    expect(done).toMatchObject({ status: 'done', notes: 'Went well', sequence: 0 });
    expect(w.queued).toHaveLength(1);
    expect(await meetings.listMeetings(w.deps, w.uid, { status: 'done' })).toEqual([done]);
    expect(await meetings.listMeetings(w.deps, w.uid, { status: 'scheduled' })).toEqual([]);
  });

  it('lists soonest first, narrowed by time and contact', async () => {
    const w = await world();
    const later = await w.book({ startTime: inHours(72) });
    const sooner = await w.book({ startTime: inHours(24) });
    expect((await meetings.listMeetings(w.deps, w.uid)).map((item) => item.id)).toEqual([sooner.id, later.id]);
    expect((await meetings.listMeetings(w.deps, w.uid, { from: inHours(48) })).map((item) => item.id)).toEqual([
      later.id,
    ]);
    expect(await meetings.listMeetings(w.deps, w.uid, { to: inHours(12) })).toEqual([]);
    expect(await meetings.listMeetings(w.deps, w.uid, { contactId: 'someone-else' })).toEqual([]);
  });

  it('moves the Zoom meeting when rescheduled, makes a new one when Zoom lost it, and says when Zoom failed', async () => {
    const w = await world({ zoom: true });
    const meeting = await w.book();
    const moved = await meetings.updateMeeting(w.deps, w.uid, meeting.id, {
      startTime: inHours(50),
      durationMinutes: 60,
    });
    expect(moved).toMatchObject({ zoomMeetingId: meeting.zoomMeetingId, sequence: 1, durationMinutes: 60 });
    expect(moved.zoomError).toBeUndefined();
    const [zoomMeeting] = await zoomMeetingsOf(w.zoomEmail);
    expect(zoomMeeting).toMatchObject({ id: meeting.zoomMeetingId, duration: 60 });
    expect(Date.parse(zoomMeeting!.startTime)).toBe(Date.parse(moved.startTime));

    await sandboxJson('/_sandbox/zoom/fail', { operation: 'updateMeeting', status: 404, times: 1 });
    const remade = await meetings.updateMeeting(w.deps, w.uid, meeting.id, { startTime: inHours(52) });
    expect(remade.zoomMeetingId).toBeDefined();
    expect(remade.zoomMeetingId).not.toBe(meeting.zoomMeetingId);
    expect(remade.zoomJoinUrl).not.toBe(meeting.zoomJoinUrl);

    // an update is retried once
    await sandboxJson('/_sandbox/zoom/fail', { operation: 'updateMeeting', status: 503, times: 2 });
    const kept = await meetings.updateMeeting(w.deps, w.uid, meeting.id, { title: 'New title' });
    expect(kept).toMatchObject({ title: 'New title', zoomError: meetingMessages.zoomUpdateFailed, sequence: 3 });
    expect(kept.zoomJoinUrl).toBe(remade.zoomJoinUrl);
  });

  it('lands two PATCHes made at the same time (neither is lost)', async () => {
    const w = await world({ zoom: true });
    const meeting = await w.book();
    // the reschedule asks Zoom between its read and its write, so the notes land in between
    const [title, notes] = await Promise.all([
      meetings.updateMeeting(w.deps, w.uid, meeting.id, { title: 'Renamed' }),
      meetings.updateMeeting(w.deps, w.uid, meeting.id, { notes: 'Bring the compiler' }),
    ]);
    expect(title.title).toBe('Renamed');
    expect(notes.notes).toBe('Bring the compiler');
    expect(await w.stored(meeting.id)).toMatchObject({ title: 'Renamed', notes: 'Bring the compiler', sequence: 1 });
  });

  it('deletes the Zoom meeting when cancelled', async () => {
    const w = await world({ zoom: true });
    const meeting = await w.book();
    const cancelled = await meetings.cancelMeeting(w.deps, w.uid, meeting.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await zoomMeetingsOf(w.zoomEmail)).toEqual([
      expect.objectContaining({ id: meeting.zoomMeetingId, deleted: true }),
    ]);
  });
});

describe('invitations', () => {
  it('book, reschedule, cancel: REQUEST SEQUENCE 0, REQUEST SEQUENCE 1 and CANCEL SEQUENCE 2 of one UID', async () => {
    const w = await world({ zoom: true });
    const meeting = await w.book();
    expect(await w.deliverQueued()).toEqual([{ uid: w.uid, meetingId: meeting.id, sequence: 0 }]);
    const booked = await w.stored(meeting.id);
    expect(booked.invitation).toMatchObject({ status: 'sent', method: 'REQUEST', sequence: 0 });
    expect(w.events.filter((event) => event.type === 'meeting.updated').length).toBeGreaterThanOrEqual(2);

    await meetings.updateMeeting(w.deps, w.uid, meeting.id, { startTime: inHours(72) });
    await w.deliverQueued();
    await meetings.cancelMeeting(w.deps, w.uid, meeting.id);
    await w.deliverQueued();
    expect((await w.stored(meeting.id)).invitation).toMatchObject({ status: 'sent', method: 'CANCEL', sequence: 2 });

    const mail = await w.received();
    expect(mail.map((message) => message.subject)).toEqual([
      expect.stringMatching(/^Invitation: Meeting with Grace Hopper @ /),
      expect.stringMatching(/^Updated invitation: Meeting with Grace Hopper @ /),
      expect.stringMatching(/^Cancelled: Meeting with Grace Hopper @ /),
    ]);
    expect(mail.every((message) => message.from === w.mailboxEmail)).toBe(true);
    expect(mail[0]!.body).toContain(`Join Zoom: ${meeting.zoomJoinUrl}`);
    expect(mail[0]!.body).toContain('(Europe/Paris)');

    const [first, second, third] = await Promise.all(mail.map((message) => w.calendarOf(message)));
    expect(first!.type).toMatchObject({ value: 'text/calendar', params: { method: 'REQUEST' } });
    expect(third!.type).toMatchObject({ value: 'text/calendar', params: { method: 'CANCEL' } });
    const summary = (lines: string[]) => ['METHOD', 'SEQUENCE', 'UID', 'STATUS'].map((name) => icsValue(lines, name));
    const uid = invitationUid(meeting.id);
    expect(summary(first!.lines)).toEqual(['REQUEST', '0', uid, 'CONFIRMED']);
    expect(summary(second!.lines)).toEqual(['REQUEST', '1', uid, 'CONFIRMED']);
    expect(summary(third!.lines)).toEqual(['CANCEL', '2', uid, 'CANCELLED']);
    const dtstart = (lines: string[]) => icsValue(lines, 'DTSTART');
    expect(dtstart(first!.lines)).toBe(meeting.startTime.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z'));
    expect(dtstart(second!.lines)).not.toBe(dtstart(first!.lines));
    expect(icsValue(first!.lines, 'LOCATION')).toBe(meeting.zoomJoinUrl);
    expect(icsValue(first!.lines, 'ORGANIZER')).toBe(`mailto:${w.mailboxEmail}`);
    expect(icsValue(first!.lines, 'ATTENDEE')?.toLowerCase()).toBe(`mailto:${w.contactAddress}`);
  });

  for (const provider of ['gmail', 'outlook'] as const) {
    it(`from ${provider}: an invitation and its cancellation are multipart/alternative of text/plain and text/calendar (its method), CRLF throughout`, async () => {
      const w = await world({ provider });
      const meeting = await w.book();
      await w.deliverQueued();
      await meetings.cancelMeeting(w.deps, w.uid, meeting.id);
      await w.deliverQueued();
      const mail = await w.received();
      expect(mail).toHaveLength(2);
      for (const [message, method] of [
        [mail[0]!, 'REQUEST'],
        [mail[1]!, 'CANCEL'],
      ] as const) {
        const raw = await w.rawOf(message);
        expect(raw, 'no line ends with a bare LF').not.toMatch(/[^\r]\n/);
        const alternative = allParts(mimeTree(raw)).find((part) => part.type === 'multipart/alternative');
        expect(alternative?.parts.map((part) => part.type)).toEqual(['text/plain', 'text/calendar']);
        const calendar = alternative!.parts[1]!;
        expect(calendar.params).toMatchObject({ method, charset: 'utf-8' });
        expect(calendar.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
        expect(icsValue(icsLines(calendar.body), 'METHOD')).toBe(method);
      }
    });
  }

  it('sends once however often its message comes, and after a crash once the mailbox took it', async () => {
    const w = await world();
    const meeting = await w.book();
    const [message] = await w.deliverQueued();
    // the same message again: the worker's claim on (meeting, SEQUENCE) is done
    const again = await w.worker(
      { Records: [sqsRecord(JSON.stringify(message), { queue: 'meeting-invitation', receiveCount: 2 })] },
      lambdaContext(),
    );
    expect(again).toEqual({ batchItemFailures: [] });
    // a crash after the mailbox took it, before the meeting said so: a fresh claim finds the Message-ID and sends none
    await setAttributes(db, meetingKey(w.uid, meeting.id), {
      invitation: { status: 'queued', method: 'REQUEST', sequence: 0 },
    });
    const fresh = invitationWorker(w.deps, logger, memoryIdempotencyStore().store);
    expect(
      await fresh({ Records: [sqsRecord(JSON.stringify(message), { queue: 'meeting-invitation' })] }, lambdaContext()),
    ).toEqual({ batchItemFailures: [] });
    expect(await w.received()).toHaveLength(1);
    expect((await w.stored(meeting.id)).invitation).toMatchObject({ status: 'sent', sequence: 0 });
  });

  it('is retried while the mailbox cannot be reached, and failed on its last try', async () => {
    const w = await world();
    const meeting = await w.book();
    const down = {
      ...w.deps.mailApis.gmail,
      send: async () => {
        throw new MailApiFailure('unavailable', 'Gmail is down');
      },
    };
    const worker = invitationWorker(
      { ...w.deps, mailApis: { ...w.deps.mailApis, gmail: down } },
      logger,
      memoryIdempotencyStore().store,
    );
    const body = JSON.stringify({ uid: w.uid, meetingId: meeting.id, sequence: 0 });
    const first = await worker({ Records: [sqsRecord(body, { receiveCount: 1 })] }, lambdaContext());
    expect(first.batchItemFailures).toHaveLength(1);
    expect((await w.stored(meeting.id)).invitation.status).toBe('queued');
    const last = await worker(
      { Records: [sqsRecord(body, { receiveCount: queues['meeting-invitation'].maxReceiveCount })] },
      lambdaContext(),
    );
    expect(last).toEqual({ batchItemFailures: [] });
    expect((await w.stored(meeting.id)).invitation).toMatchObject({
      status: 'failed',
      error: meetingMessages.invitationFailed,
    });
    expect(await w.received()).toEqual([]);
  });

  it('sends only the latest state when rescheduled before the first left', async () => {
    const w = await world();
    const meeting = await w.book();
    await meetings.updateMeeting(w.deps, w.uid, meeting.id, { startTime: inHours(80) });
    await w.deliverQueued();
    const mail = await w.received();
    expect(mail).toHaveLength(1);
    expect(icsValue((await w.calendarOf(mail[0]!)).lines, 'SEQUENCE')).toBe('1');
  });

  it('cancels without e-mail when the contact was never invited', async () => {
    const w = await world();
    const meeting = await w.book({ sendInvitation: false });
    expect(meeting.invitation).toEqual({ status: 'skipped', method: 'REQUEST', sequence: 0 });
    const cancelled = await meetings.cancelMeeting(w.deps, w.uid, meeting.id);
    expect(cancelled.invitation).toEqual({ status: 'skipped', method: 'CANCEL', sequence: 1 });
    await w.deliverQueued();
    expect(await w.received()).toEqual([]);
  });

  it('is skipped without a mailbox, or when the address became unusable after the booking; failed with an expired mailbox', async () => {
    const noMailbox = await world({ mailbox: false });
    const first = await noMailbox.book();
    await noMailbox.deliverQueued();
    expect((await noMailbox.stored(first.id)).invitation).toEqual({
      status: 'skipped',
      method: 'REQUEST',
      sequence: 0,
      error: meetingMessages.noMailbox,
    });

    // the verifier's verdict changed between the booking and the worker's turn
    const turnedInvalid = await world();
    const second = await turnedInvalid.book();
    await setAttributes(db, contactKey(turnedInvalid.uid, turnedInvalid.contactId), { emailQevStatus: 'invalid' });
    await turnedInvalid.deliverQueued();
    expect((await turnedInvalid.stored(second.id)).invitation).toMatchObject({
      status: 'skipped',
      error: meetingMessages.invitationTo.invalid(turnedInvalid.contactAddress),
    });
    expect(await turnedInvalid.received()).toEqual([]);

    const listed = await world();
    const third = await listed.book();
    await addDoNotContact(db, listed.uid, listed.contactAddress, 'unsubscribe');
    await listed.deliverQueued();
    expect((await listed.stored(third.id)).invitation).toMatchObject({
      status: 'skipped',
      error: meetingMessages.invitationTo.doNotContact(listed.contactAddress),
    });
    expect(await listed.received()).toEqual([]);

    const expired = await world();
    const { id } = await defaultMailboxAccessToken(expired.deps.mailboxes, expired.uid);
    await expireMailbox(expired.deps.mailboxes, expired.uid, id);
    const fourth = await expired.book();
    await expired.deliverQueued();
    const invitation = (await expired.stored(fourth.id)).invitation;
    expect(invitation.status).toBe('failed');
    expect(invitation.error).toContain(meetingMessages.invitationFailed);
    expect(invitation.error).toContain(expired.mailboxEmail);
    expect(invitation.error).toMatch(/Reconnect/);
  });
});

describe('invitations only to an address every e-mail may go to (DESIGN §9)', () => {
  /** the booking's refusal: its status, code and text; nothing booked, nothing queued, nothing received */
  const refused = async (w: Awaited<ReturnType<typeof world>>) => {
    const error = await w.book().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(await meetings.listMeetings(w.deps, w.uid)).toEqual([]);
    expect(w.queued).toEqual([]);
    expect(await w.received()).toEqual([]);
    const { status, code, message } = error as HttpError;
    return { status, code, message };
  };

  it('refuses a booking with an invitation to a missing, unverified, invalid, unconfirmed risky or do-not-contact address', async () => {
    expect(await refused(await world({ contactEmail: null }))).toEqual({
      status: 400,
      code: 'unusable_address',
      message: meetingMessages.invitationTo.no_address,
    });
    expect(await refused(await world({ emailQevStatus: null }))).toEqual({
      status: 400,
      code: 'unusable_address',
      message: meetingMessages.invitationTo.unverified,
    });
    const invalid = await world({ emailQevStatus: 'invalid' });
    expect(await refused(invalid)).toEqual({
      status: 400,
      code: 'unusable_address',
      message: meetingMessages.invitationTo.invalid(invalid.contactAddress),
    });
    const risky = await world({ emailQevStatus: 'accept_all' });
    expect(await refused(risky)).toEqual({
      status: 409,
      code: 'address_unconfirmed',
      message: meetingMessages.invitationTo.unconfirmed(risky.contactAddress),
    });
    const listed = await world();
    await addDoNotContact(db, listed.uid, listed.contactAddress, 'bounce');
    expect(await refused(listed)).toEqual({
      status: 409,
      code: 'do_not_contact',
      message: meetingMessages.invitationTo.doNotContact(listed.contactAddress),
    });
  });

  it('books without an invitation all the same, and invites a risky address once the person confirmed it', async () => {
    const invalid = await world({ emailQevStatus: 'invalid' });
    const meeting = await invalid.book({ sendInvitation: false });
    expect(meeting.invitation).toEqual({ status: 'skipped', method: 'REQUEST', sequence: 0 });
    expect(invalid.queued.filter((item) => item.queue === 'meeting-invitation')).toEqual([]);

    const confirmed = await world({ emailQevStatus: 'accept_all', confirmed: true });
    const invited = await confirmed.book();
    await confirmed.deliverQueued();
    expect((await confirmed.stored(invited.id)).invitation.status).toBe('sent');
    expect((await confirmed.received()).map((message) => message.to)).toEqual([confirmed.contactAddress]);
  });

  it('answers the route with the refusal as the envelope, and never reads another user’s contact', async () => {
    const w = await world({ emailQevStatus: 'accept_all' });
    const other = await world();
    const claimsOf = (uid: string) => ({ sub: uid, email: `${uid.slice(0, 8)}@example.com`, token_use: 'id' });
    const answer = await callRoute('POST /api/meetings', {
      claims: claimsOf(w.uid),
      body: { contactId: w.contactId, startTime: inHours(30) },
    });
    expect(answer.status, answer.raw).toBe(409);
    expect(answer.json).toMatchObject({
      success: false,
      code: 'address_unconfirmed',
      error: meetingMessages.invitationTo.unconfirmed(w.contactAddress),
    });
    const theirs = await callRoute('POST /api/meetings', {
      claims: claimsOf(other.uid),
      body: { contactId: w.contactId, startTime: inHours(30) },
    });
    expect(theirs.status, theirs.raw).toBe(404);
  });
});
