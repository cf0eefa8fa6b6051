// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { activityFixture } from '@/test/activityFixtures';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { mountPerTest } from '@/test/mountPerTest';
import { useActivityReport } from './useActivityReport';

const { render } = mountPerTest();

let hook: ReturnType<typeof useActivityReport>;
const Probe = () => {
  hook = useActivityReport();
  return null;
};

type Call = { route: string; input?: { params?: { id: string }; body?: unknown } };

/** A fake client that records the activity routes; each PATCH waits until the test lets it answer. */
const fakeApi = (options: { startFails?: boolean; firstPatchFails?: boolean } = {}) => {
  const calls: Call[] = [];
  const answers: (() => void)[] = [];
  const request = vi.fn(async (route: string, input?: Call['input']) => {
    calls.push({ route, input });
    if (route === 'POST /api/activity') {
      if (options.startFails)
        throw new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });
      return activityFixture({ id: 'act1', actionType: 'add_contacts' });
    }
    if (route === 'PATCH /api/activity/{id}') {
      await new Promise<void>((resolve) => answers.push(resolve));
      if (options.firstPatchFails && patches(calls).length === 1)
        throw new ApiError({ status: 503, code: 'server_error', message: 'Server error. Please try again later.' });
      return activityFixture({ id: 'act1' });
    }
    if (route === 'GET /api/activity') return { actions: [] };
    throw new Error(`unexpected ${route}`);
  });
  const answerAll = async () => {
    for (let round = 0; round < 10; round += 1) {
      await act(async () => {
        for (const answer of answers.splice(0)) answer();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    }
  };
  return { api: { request } as never, calls, answerAll };
};

const patches = (calls: Call[]) =>
  calls.filter((call) => call.route === 'PATCH /api/activity/{id}').map((call) => call.input);

describe('useActivityReport', () => {
  it('starts the action, sends its counts one request at a time (the latest winning), then its end last', async () => {
    const { api, calls, answerAll } = fakeApi();
    await render(
      <ApiTestProviders api={api}>
        <Probe />
      </ApiTestProviders>,
    );
    const report = hook.start(3);
    report.progress({ completed: 1, added: 1, failed: 0 });
    // while the first count is under way, two more arrive: only the latest is sent after it
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    report.progress({ completed: 2, added: 1, failed: 0 });
    report.progress({ completed: 2, added: 1, failed: 1 });
    await answerAll();
    const finished = report.finish({ completed: 3, added: 2, failed: 1 });
    await answerAll();
    await act(() => finished);

    expect(calls[0]).toEqual({
      route: 'POST /api/activity',
      input: { body: { actionType: 'add_contacts', profileCount: 3 } },
    });
    expect(patches(calls)).toEqual([
      { params: { id: 'act1' }, body: { completedCount: 1, fetchedCount: 1, failedCount: 0 } },
      { params: { id: 'act1' }, body: { completedCount: 2, fetchedCount: 1, failedCount: 1 } },
      { params: { id: 'act1' }, body: { completedCount: 3, fetchedCount: 2, failedCount: 1, status: 'completed' } },
    ]);
  });

  it('ends a failed run with why', async () => {
    const { api, calls, answerAll } = fakeApi();
    await render(
      <ApiTestProviders api={api}>
        <Probe />
      </ApiTestProviders>,
    );
    const finished = hook
      .start(40)
      .finish({ completed: 10, added: 10, failed: 0 }, 'Stopped at the contact limit after 10 of 40');
    await answerAll();
    await act(() => finished);
    expect(patches(calls)).toEqual([
      {
        params: { id: 'act1' },
        body: {
          completedCount: 10,
          fetchedCount: 10,
          failedCount: 0,
          status: 'failed',
          error: 'Stopped at the contact limit after 10 of 40',
        },
      },
    ]);
  });

  it('still sends the end after a count that failed', async () => {
    const { api, calls, answerAll } = fakeApi({ firstPatchFails: true });
    await render(
      <ApiTestProviders api={api}>
        <Probe />
      </ApiTestProviders>,
    );
    const report = hook.start(2);
    report.progress({ completed: 1, added: 1, failed: 0 });
    await answerAll();
    const finished = report.finish({ completed: 2, added: 2, failed: 0 });
    await answerAll();
    await act(() => finished);
    expect(patches(calls).map((input) => input?.body)).toEqual([
      { completedCount: 1, fetchedCount: 1, failedCount: 0 },
      { completedCount: 2, fetchedCount: 2, failedCount: 0, status: 'completed' },
    ]);
  });

  it('never stops the adding: a refused start leaves the rest of the report unsent', async () => {
    const { api, calls, answerAll } = fakeApi({ startFails: true });
    await render(
      <ApiTestProviders api={api}>
        <Probe />
      </ApiTestProviders>,
    );
    const report = hook.start(2);
    report.progress({ completed: 1, added: 1, failed: 0 });
    const finished = report.finish({ completed: 2, added: 2, failed: 0 });
    await answerAll();
    await expect(act(() => finished)).resolves.toBeUndefined();
    expect(patches(calls)).toEqual([]);
  });
});
