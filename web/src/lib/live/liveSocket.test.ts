import { describe, expect, it } from 'vitest';
import { createLiveSocket } from './liveSocket';
import { missedKeys, staleKeys } from './revalidate';

type Fake = {
  url: string;
  closed: boolean;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  close: () => void;
};

const setup = (tokens: (string | undefined)[] = ['t1', 't2', 't3', 't4']) => {
  const sockets: Fake[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const tokenCalls: (boolean | undefined)[] = [];
  const live = createLiveSocket({
    url: 'ws://gateway/ws',
    getToken: async (options) => {
      tokenCalls.push(options?.force);
      return tokens.shift();
    },
    createSocket: (url) => {
      const socket: Fake = {
        url,
        closed: false,
        onopen: null,
        onclose: null,
        onerror: null,
        onmessage: null,
        close: () => {
          socket.closed = true;
          socket.onclose?.({});
        },
      };
      sockets.push(socket);
      return socket;
    },
    schedule: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  });
  return { live, sockets, timers, tokenCalls };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live socket', () => {
  it('connects with the ID token, reports open, and hands each event to the handlers of its type', async () => {
    const { live, sockets } = setup();
    const statuses: string[] = [];
    live.onStatus((status) => statuses.push(status));
    const saved: unknown[] = [];
    const progress: unknown[] = [];
    live.on('draft.saved', (data) => saved.push(data));
    live.on('generation.progress', (data) => progress.push(data));
    live.start();
    await tick();
    expect(sockets[0]?.url).toBe('ws://gateway/ws?token=t1');
    sockets[0]?.onopen?.({});
    expect(live.status()).toBe('open');
    const data = { draftId: 'd1', contactId: 'c1', isPrimary: true };
    sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'draft.saved', data }) });
    sockets[0]?.onmessage?.({ data: 'not json' });
    sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'draft.saved' }) });
    expect(saved).toEqual([data]);
    expect(progress).toEqual([]);
    expect(statuses).toEqual(['open']);
  });

  it('reconnects after a close with a doubling delay, reset once a socket opens, and asks a fresh token after a refusal', async () => {
    const { live, sockets, timers, tokenCalls } = setup();
    live.start();
    await tick();
    sockets[0]?.onclose?.({}); // refused before opening
    expect(live.status()).toBe('closed');
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    timers.shift()?.run();
    await tick();
    expect(tokenCalls).toEqual([undefined, true]);
    sockets[1]?.onclose?.({});
    expect(timers.map((timer) => timer.ms)).toEqual([2000]);
    timers.shift()?.run();
    await tick();
    sockets[2]?.onopen?.({});
    expect(live.status()).toBe('open');
    sockets[2]?.onclose?.({}); // dropped after it was open
    expect(live.status()).toBe('closed');
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    timers.shift()?.run();
    await tick();
    expect(tokenCalls.at(-1)).toBeUndefined();
    expect(sockets).toHaveLength(4);
  });

  it('stays closed and tries later when nobody is signed in; stop closes the socket and stops retrying', async () => {
    const { live, sockets, timers } = setup([undefined, 't']);
    live.start();
    await tick();
    expect(sockets).toHaveLength(0);
    expect(timers).toHaveLength(1);
    timers.shift()?.run();
    await tick();
    sockets[0]?.onopen?.({});
    live.stop();
    expect(sockets[0]?.closed).toBe(true);
    expect(live.status()).toBe('closed');
    expect(timers).toHaveLength(0);
  });
  it('restarts with the token of whoever is signed in now (the session changed), and not once stopped', async () => {
    const { live, sockets, tokenCalls } = setup(['alice', 'bob']);
    live.start();
    await tick();
    sockets[0]?.onopen?.({});
    live.restart();
    await tick();
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets.map((socket) => socket.url)).toEqual(['ws://gateway/ws?token=alice', 'ws://gateway/ws?token=bob']);
    expect(tokenCalls).toHaveLength(2);
    live.stop();
    live.restart();
    await tick();
    expect(sockets).toHaveLength(2);
  });
});

describe('the SWR answers a live event makes stale', () => {
  it('a saved draft: the drafts of its contact, the Outreach list and the contact, not another contact', () => {
    const stale = staleKeys({ type: 'draft.saved', data: { draftId: 'd', contactId: 'c1', isPrimary: true } });
    expect(stale('GET /api/outreach')).toBe(true);
    expect(stale(['GET /api/drafts', { contactId: 'c1' }])).toBe(true);
    expect(stale(['GET /api/drafts', { contactId: 'c2' }])).toBe(false);
    expect(stale(['GET /api/contacts/{id}', 'c1'])).toBe(true);
    expect(stale(['GET /api/contacts/{id}', 'c2'])).toBe(false);
    expect(stale('GET /api/profiles')).toBe(false);
  });

  it('a draft, a send, a reply or a stage change: the pipeline board; other events leave it alone', () => {
    expect(
      staleKeys({ type: 'pipeline.changed', data: { contactId: 'c1', stage: 'replied' } })('GET /api/pipeline'),
    ).toBe(true);
    expect(staleKeys({ type: 'email.sent', data: { draftId: 'd', contactId: 'c1' } })('GET /api/pipeline')).toBe(true);
    expect(
      staleKeys({ type: 'reply.received', data: { conversationId: 'v', contactId: 'c1' } })('GET /api/pipeline'),
    ).toBe(true);
    expect(staleKeys({ type: 'notification.created', data: { notificationId: 'n' } })('GET /api/pipeline')).toBe(false);
    expect(
      staleKeys({ type: 'draft.saved', data: { draftId: 'd', contactId: 'c1', isPrimary: true } })('GET /api/pipeline'),
    ).toBe(true);
    expect(staleKeys({ type: 'notification.read', data: { ids: ['n'] } })('GET /api/notifications')).toBe(true);
    expect(staleKeys({ type: 'notification.read', data: { ids: ['n'] } })('GET /api/pipeline')).toBe(false);
    expect(
      staleKeys({ type: 'pipeline.changed', data: { contactId: 'c1', stage: 'replied' } })('GET /api/outreach'),
    ).toBe(false);
    expect(missedKeys('GET /api/pipeline')).toBe(true);
  });

  it('progress: its batch always, the contact only once its generation finished', () => {
    const progress = (status: 'generating' | 'completed') =>
      staleKeys({
        type: 'generation.progress',
        data: { batchId: 'b1', contactId: 'c1', status },
      });
    expect(progress('generating')(['GET /api/outreach/batches/{batchId}', 'b1'])).toBe(true);
    expect(progress('generating')(['GET /api/outreach/batches/{batchId}', 'b2'])).toBe(false);
    expect(progress('generating')('GET /api/outreach')).toBe(false);
    expect(progress('completed')('GET /api/outreach')).toBe(true);
  });
  it("a send, a reply, a meeting or a contact's removal: the sequences and enrolments, which a reopened socket reads again too", () => {
    const sent = staleKeys({ type: 'email.sent', data: { draftId: 'd', contactId: 'c1' } });
    expect(sent(['GET /api/sequence-enrollments/{contactId}', 'c1'])).toBe(true);
    expect(sent(['GET /api/sequences/{id}/enrollments', 's1'])).toBe(true);
    expect(sent(['GET /api/sequences/{id}', 's1'])).toBe(true);
    expect(
      staleKeys({ type: 'reply.received', data: { conversationId: 'v', contactId: 'c1' } })('GET /api/sequences'),
    ).toBe(true);
    expect(
      staleKeys({ type: 'meeting.updated', data: { meetingId: 'm', contactId: 'c1' } })('GET /api/sequences'),
    ).toBe(true);
    expect(staleKeys({ type: 'notification.read', data: { ids: ['n'] } })('GET /api/sequences')).toBe(false);
    expect(missedKeys(['GET /api/sequence-enrollments/{contactId}', 'c1'])).toBe(true);
  });
  it("an activity action's change: the activity log only, which a reopened socket reads again too", () => {
    const stale = staleKeys({ type: 'activity.changed', data: { id: 'a1', status: 'completed' } });
    expect(stale('GET /api/activity')).toBe(true);
    expect(stale('GET /api/outreach')).toBe(false);
    expect(staleKeys({ type: 'stats.changed', data: {} })('GET /api/activity')).toBe(false);
    expect(missedKeys('GET /api/activity')).toBe(true);
  });
});
