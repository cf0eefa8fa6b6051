// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { wireDraft } from '@/test/draftFixtures';
import { mountPerTest } from '@/test/mountPerTest';
import {
  applyProgressEvent,
  generationState,
  isAnyGenerating,
  isBatchFinished,
  resetGeneration,
} from '../state/generationState';
import { useOutreachActions } from './useOutreachActions';

const { render } = mountPerTest();

let hook: ReturnType<typeof useOutreachActions>;
const Probe = () => {
  hook = useOutreachActions();
  return null;
};

type Input = { params?: { id?: string }; body?: Record<string, unknown> };

/** Renders for every contact but c2 (404); saves drafts as d-<contactId>; the AI writes d-ai-<contactId>. */
const fakeApi = () => {
  const request = vi.fn(async (route: string, input?: Input) => {
    if (route === 'POST /api/templates/{id}/render') {
      if (input?.body?.contactId === 'c2')
        throw new ApiError({ status: 404, code: 'not_found', message: 'The requested resource was not found.' });
      return { subject: `Hi ${input?.body?.contactId}`, body: 'Body', missing: [] };
    }
    if (route === 'POST /api/drafts')
      return wireDraft({ id: `d-${input?.body?.contactId}`, contactId: String(input?.body?.contactId) });
    if (route === 'POST /ai/generate-ai-email')
      return { subject: 'S', body: 'B', draftId: `d-ai-${input?.body?.contactId}` };
    if (route === 'POST /api/outreach/generate')
      // the server skips c3 (its address is risky and not confirmed) unless asked to write for it
      return input?.body?.contactIds &&
        (input.body.contactIds as string[]).includes('c3') &&
        !input.body.includeUnverified
        ? { batchId: 'b2', total: 1, skipped: [{ contactId: 'c3', reason: 'unconfirmed' }] }
        : { batchId: 'b1', total: 2, skipped: [] };
    throw new Error(`unexpected ${route}`);
  });
  return { api: { request } as never, request };
};

beforeEach(() => {
  resetGeneration();
});

describe('useOutreachActions', () => {
  it('applies a template contact by contact: each one rendered and saved as its primary draft, a failure does not stop the rest', async () => {
    const { api, request } = fakeApi();
    await render(
      <ApiTestProviders api={api}>
        <Probe />
      </ApiTestProviders>,
    );
    await act(() => hook.applyTemplate(['c1', 'c2', 'c3'], 't1'));
    expect(generationState.batch).toMatchObject({ batchId: null, type: 'template', total: 3, completed: 2, failed: 1 });
    expect(generationState.contacts.c1).toMatchObject({ status: 'completed', draftId: 'd-c1' });
    expect(generationState.contacts.c2).toMatchObject({
      status: 'error',
      error: 'The requested resource was not found.',
    });
    expect(request).toHaveBeenCalledWith('POST /api/drafts', {
      body: { contactId: 'c3', subject: 'Hi c3', body: 'Body', createdFromTemplate: true, isPrimary: true },
    });
  });

  it('retries a failed contact the way it was written: its template again', async () => {
    const { api, request } = fakeApi();
    await render(
      <ApiTestProviders api={api}>
        <Probe />
      </ApiTestProviders>,
    );
    await act(() => hook.applyTemplate(['c2'], 't1'));
    request.mockClear();
    await act(() => hook.retry('c2'));
    expect(request).toHaveBeenCalledWith('POST /api/templates/{id}/render', {
      params: { id: 't1' },
      body: { contactId: 'c2' },
    });
    expect(generationState.contacts.c2).toMatchObject({ status: 'error', retryCount: 1, type: 'template' });
  });

  it('starts an AI batch and retries one of its contacts with the AI', async () => {
    const { api, request } = fakeApi();
    await render(
      <ApiTestProviders api={api}>
        <Probe />
      </ApiTestProviders>,
    );
    await act(async () => void (await hook.generate(['c1', 'c2'], { instructions: 'Keep it short.' })));
    expect(request).toHaveBeenCalledWith('POST /api/outreach/generate', {
      body: { contactIds: ['c1', 'c2'], instructions: 'Keep it short.' },
    });
    expect(generationState.batch).toMatchObject({ batchId: 'b1', total: 2, completed: 0, failed: 0 });
    await act(() => hook.retry('c1'));
    expect(generationState.contacts.c1).toMatchObject({ status: 'completed', draftId: 'd-ai-c1', retryCount: 1 });
  });

  it('follows only the contacts the server writes for: a skipped one is not shown as being written, and the batch ends with the rest', async () => {
    const { api } = fakeApi();
    await render(
      <ApiTestProviders api={api}>
        <Probe />
      </ApiTestProviders>,
    );
    await act(async () => void (await hook.generate(['c1', 'c3'], {})));
    expect(generationState.batch).toMatchObject({
      batchId: 'b2',
      total: 1,
      contactIds: ['c1'],
      skipped: [{ contactId: 'c3', reason: 'unconfirmed' }],
    });
    expect(generationState.contacts.c3).toBeUndefined();
    applyProgressEvent({ batchId: 'b2', contactId: 'c1', status: 'completed', draftId: 'd1' }, Date.now());
    expect(isBatchFinished(generationState.batch)).toBe(true);
    expect(isAnyGenerating(generationState)).toBe(false);
  });
});
