// @vitest-environment happy-dom
import type { ActivityAction } from '@shared/schemas/dashboard';
import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiError } from '@/lib/http/ApiError';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { LiveProvider, type LiveSocket } from '@/lib/live';
import { activityFixture, finishedActivity } from '@/test/activityFixtures';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import { activityIdlePollMs, activityProgressLivePollMs, activityProgressPollMs } from '../hooks/useRecentActivity';
import { RecentActivity } from './RecentActivity';

/** A fake client whose GET /api/activity answers what `server.actions` holds then (or fails with a 500). */
const fakeApi = (server: { actions: ActivityAction[]; fails?: boolean }) => {
  const request = vi.fn(async (route: string) => {
    if (route !== 'GET /api/activity') throw new Error(`unexpected ${route}`);
    if (server.fails)
      throw new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });
    return { actions: server.actions.map((action) => ({ ...action })) };
  });
  return { api: { request } as unknown as ApiClient, request };
};

const { container, render } = mountPerTest();

const show = async (api: ApiClient, socket: LiveSocket | null = null) => {
  await render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={api}>
        <LiveProvider socket={socket}>
          <RecentActivity />
        </LiveProvider>
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
  await act(async () => vi.advanceTimersByTimeAsync(10));
};

const items = () => [...container().querySelectorAll('li')];
const region = () => container().querySelector('section[aria-labelledby="recent-activity-title"]');

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('Recent Activity', () => {
  it('shows the 10 newest actions of the server with their status, label, detail, progress and time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const older = Array.from({ length: 10 }, (_, index) =>
      finishedActivity('completed', { id: `old${index}`, completedCount: 5 }, 60 + index),
    );
    const { api } = fakeApi({
      actions: [
        activityFixture({ id: 'run', completedCount: 2, failedCount: 1 }, 2),
        finishedActivity('completed', { id: 'done', completedCount: 4, failedCount: 1 }, 3),
        finishedActivity(
          'failed',
          {
            id: 'fail',
            actionType: 'send_emails',
            profileCount: 1,
            recipients: [{ name: 'Ada Lovelace' }],
            error: 'The mailbox refused the message because the daily sending limit was reached',
          },
          5,
        ),
        ...older,
      ],
    });
    await show(api);
    expect(items()).toHaveLength(10);
    const [running, done, failed] = items();
    expect(running?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('In progress');
    expect(running?.textContent).toBe('Generating 5 e-mails2m ago · 3/5');
    // completed, but not every item of it: said apart from one that went through whole
    expect(done?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Completed, some failed');
    expect(items()[3]?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Completed');
    expect(done?.textContent).toBe('Generating 5 e-mails4 written, 1 failed3m ago');
    expect(failed?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Failed');
    expect(failed?.querySelector('.recent-activity__detail')?.textContent).toBe(
      'The mailbox refused the message because the daily…',
    );
    expect(failed?.textContent).toContain('Sending to Ada Lovelace');
    expect(container().textContent).not.toContain('No recent activity.');
  });

  it("says 'No recent activity.' when the log is empty, and that it could not be read when the server fails", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    await show(fakeApi({ actions: [] }).api);
    expect(region()?.textContent).toBe('Recent ActivityNo recent activity.');
    await render(null);
    await show(fakeApi({ actions: [], fails: true }).api);
    expect(region()?.textContent).toBe('Recent ActivityRecent activity could not be loaded.');
  });

  it('reads the log again when the live channel says an action changed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const server = { actions: [] as ActivityAction[] };
    const { api, request } = fakeApi(server);
    const live = fakeLiveSocket('open');
    await show(api, live.socket);
    expect(request).toHaveBeenCalledTimes(1);
    expect(region()?.textContent).toContain('No recent activity.');

    server.actions = [activityFixture({ actionType: 'find_emails', profileCount: 3 })];
    live.send({ type: 'activity.changed', data: { id: 'a-1', status: 'in_progress' } });
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(request).toHaveBeenCalledTimes(2);
    expect(items().map((item) => item.querySelector('.recent-activity__label')?.textContent)).toEqual([
      'Finding 3 e-mails',
    ]);

    // another event leaves it alone
    live.send({ type: 'stats.changed', data: {} });
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('polls while an action runs (more often with the live channel down) or the channel is down, not otherwise', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const idle = fakeApi({ actions: [finishedActivity('completed', { completedCount: 5 })] });
    await show(idle.api, fakeLiveSocket('open').socket);
    await act(async () => vi.advanceTimersByTimeAsync(2 * activityIdlePollMs));
    expect(idle.request).toHaveBeenCalledTimes(1);

    await render(null);
    const idleClosed = fakeApi({ actions: [] });
    await show(idleClosed.api, null);
    await act(async () => vi.advanceTimersByTimeAsync(activityIdlePollMs + 100));
    expect(idleClosed.request).toHaveBeenCalledTimes(2);

    await render(null);
    const running = fakeApi({ actions: [activityFixture()] });
    await show(running.api, fakeLiveSocket('open').socket);
    await act(async () => vi.advanceTimersByTimeAsync(activityProgressLivePollMs + 100));
    expect(running.request).toHaveBeenCalledTimes(2);

    await render(null);
    const runningClosed = fakeApi({ actions: [activityFixture()] });
    await show(runningClosed.api, null);
    await act(async () => vi.advanceTimersByTimeAsync(activityProgressPollMs + 100));
    expect(runningClosed.request).toHaveBeenCalledTimes(2);
  });

  it("forgets the list earlier versions kept in this browser's storage", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    localStorage.setItem('outreach.recentActivity', '[{"id":"old"}]');
    localStorage.setItem('outreach.other', 'kept');
    await show(fakeApi({ actions: [] }).api);
    expect(localStorage.getItem('outreach.recentActivity')).toBeNull();
    expect(localStorage.getItem('outreach.other')).toBe('kept');
  });
});
