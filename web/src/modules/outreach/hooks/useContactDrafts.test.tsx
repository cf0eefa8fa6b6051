// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@shared/live-events';
import { LiveProvider, type LiveSocket } from '@/lib/live';
import { onWindowEvent } from '@/lib/windowEvents';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { wireDraft } from '@/test/draftFixtures';
import { mountPerTest } from '@/test/mountPerTest';
import { clearPrimaryDraft, createDraft, deleteDraft, generateEmail, updateDraft } from '../api/outreachApi';
import { markContactDone, resetGeneration, startBatch, startRetry } from '../state/generationState';
import { useContactDrafts } from './useContactDrafts';

const { render } = mountPerTest();

/** a live channel the test speaks for */
const fakeSocket = () => {
  let deliver: (event: LiveEvent) => void = () => {};
  const socket: LiveSocket = {
    start: () => {},
    stop: () => {},
    restart: () => {},
    status: () => 'open',
    onStatus: () => () => {},
    on: () => () => {},
    onAny: (handler) => {
      deliver = handler;
      return () => {};
    },
  };
  return { socket, send: (event: LiveEvent) => act(() => deliver(event)) };
};

/** counts the reads of each contact's drafts; saves, deletes and clears whatever it is asked */
const fakeApi = () => {
  const reads: Record<string, number> = {};
  const request = vi.fn(async (route: string, input?: { params?: Record<string, string>; body?: never }) => {
    if (route === 'GET /api/drafts/contact/{contactId}') {
      const contactId = input?.params?.contactId ?? '';
      reads[contactId] = (reads[contactId] ?? 0) + 1;
      return [];
    }
    if (route === 'POST /api/drafts') return wireDraft({ id: 'd-new' });
    if (route === 'PATCH /api/drafts/{id}') return wireDraft({ id: input?.params?.id ?? '', isPrimary: false });
    if (route === 'DELETE /api/drafts/{id}') return { deleted: true };
    if (route === 'POST /api/drafts/contact/{contactId}/clear-primary') return { cleared: true };
    if (route === 'POST /ai/generate-ai-email') return { subject: 'S', body: 'B', draftId: 'd-ai' };
    throw new Error(`unexpected ${route}`);
  });
  return { api: { request } as never, reads };
};

const Probe = ({ contactId }: { contactId: string }) => {
  useContactDrafts(contactId);
  return null;
};

/** valtio tells its subscribers (the generation's end) after the current task */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

const mount = async (api: never, socket: LiveSocket | null = null) => {
  await render(
    <ApiTestProviders api={api}>
      <LiveProvider socket={socket}>
        <Probe contactId="c1" />
        <Probe contactId="c2" />
      </LiveProvider>
    </ApiTestProviders>,
  );
  await settle();
};

beforeEach(async () => {
  resetGeneration();
  await settle();
});

describe("a contact's drafts (SPEC §4 'Draft')", () => {
  it('are read again on a live draft.saved, draft.deleted or draft.primaryCleared of that contact only', async () => {
    const { api, reads } = fakeApi();
    const live = fakeSocket();
    await mount(api, live.socket);
    expect(reads).toEqual({ c1: 1, c2: 1 });
    await live.send({ type: 'draft.saved', data: { draftId: 'd1', contactId: 'c1', isPrimary: true } });
    await vi.waitFor(() => expect(reads.c1).toBe(2));
    await live.send({ type: 'draft.deleted', data: { draftId: 'd1', contactId: 'c1' } });
    await vi.waitFor(() => expect(reads.c1).toBe(3));
    await live.send({ type: 'draft.primaryCleared', data: { contactId: 'c1' } });
    await vi.waitFor(() => expect(reads.c1).toBe(4));
    await settle();
    expect(reads.c2).toBe(1);
  });

  it("are read again when this tab saves, deletes or clears the primary one (the change's window event)", async () => {
    const { api, reads } = fakeApi();
    await mount(api);
    await act(async () => void (await updateDraft(api, 'd1', { body: 'b' })));
    await vi.waitFor(() => expect(reads.c1).toBe(2));
    await act(async () => void (await deleteDraft(api, { id: 'd1', contactId: 'c1' })));
    await vi.waitFor(() => expect(reads.c1).toBe(3));
    await act(async () => void (await clearPrimaryDraft(api, 'c1')));
    await vi.waitFor(() => expect(reads.c1).toBe(4));
    await settle();
    expect(reads.c2).toBe(1);
  });

  it('are not read on draft changes while a batch runs, and read once when it ends', async () => {
    const { api, reads } = fakeApi();
    const live = fakeSocket();
    await mount(api, live.socket);
    startBatch('b1', ['c3'], 'ai', Date.now());
    await settle();
    await live.send({ type: 'draft.saved', data: { draftId: 'd1', contactId: 'c1', isPrimary: true } });
    await live.send({ type: 'draft.deleted', data: { draftId: 'd2', contactId: 'c1' } });
    await live.send({ type: 'draft.primaryCleared', data: { contactId: 'c2' } });
    await act(async () => void (await createDraft(api, { contactId: 'c1' })));
    await settle();
    expect(reads).toEqual({ c1: 1, c2: 1 });
    markContactDone('c3', { draftId: 'd3' }, Date.now());
    await settle();
    await vi.waitFor(() => expect(reads).toEqual({ c1: 2, c2: 2 }));
    await settle();
    expect(reads).toEqual({ c1: 2, c2: 2 });
  });

  it('are not read on draft changes while one e-mail is being written, and read once it is', async () => {
    const { api, reads } = fakeApi();
    await mount(api);
    startRetry('c1', Date.now());
    await settle();
    await act(async () => void (await generateEmail(api, 'c1')));
    await act(async () => void (await deleteDraft(api, { id: 'd9', contactId: 'c2' })));
    await settle();
    expect(reads).toEqual({ c1: 1, c2: 1 });
    markContactDone('c1', { draftId: 'd-ai' }, Date.now());
    await vi.waitFor(() => expect(reads).toEqual({ c1: 2, c2: 2 }));
  });
});

describe("SPEC §4 'App events': a draft's window events", () => {
  it('are raised by the saves, deletes and clears of this tab, with what changed', async () => {
    const { api } = fakeApi();
    const raised: unknown[] = [];
    const stops = [
      onWindowEvent('draft-saved', (detail) => raised.push(['draft-saved', detail])),
      onWindowEvent('draft-deleted', (detail) => raised.push(['draft-deleted', detail])),
      onWindowEvent('primary-draft-cleared', (detail) => raised.push(['primary-draft-cleared', detail])),
    ];
    await createDraft(api, { contactId: 'c1' });
    await updateDraft(api, 'd1', { isPrimary: false });
    await generateEmail(api, 'c7');
    await deleteDraft(api, { id: 'd1', contactId: 'c1' });
    await clearPrimaryDraft(api, 'c1');
    for (const stop of stops) stop();
    expect(raised).toEqual([
      ['draft-saved', { draftId: 'd-new', contactId: 'c1', isPrimary: true }],
      ['draft-saved', { draftId: 'd1', contactId: 'c1', isPrimary: false }],
      ['draft-saved', { draftId: 'd-ai', contactId: 'c7', isPrimary: true }],
      ['draft-deleted', { draftId: 'd1', contactId: 'c1' }],
      ['primary-draft-cleared', { contactId: 'c1' }],
    ]);
  });
});
