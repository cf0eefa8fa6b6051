// @vitest-environment happy-dom
import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { LiveProvider, type LiveSocket } from '@/lib/live';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { callsTo, fakeMeetingsApi, meetingFixture } from '@/test/meetingFixtures';
import { mountPerTest } from '@/test/mountPerTest';
import { meetingsPollMs, useMeetings } from './useMeetings';

const { render } = mountPerTest();

const Titles = () => {
  const { data } = useMeetings();
  return <p>{data?.map((meeting) => meeting.title).join(', ')}</p>;
};

const show = async (socket: LiveSocket | null) => {
  const { api, request } = fakeMeetingsApi({ meetings: [meetingFixture()] });
  await render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={api as ApiClient}>
        <LiveProvider socket={socket}>
          <Titles />
        </LiveProvider>
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
  await act(async () => vi.advanceTimersByTimeAsync(10));
  return request;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the meetings list', () => {
  it('is read again every 30 s while the live channel is down, and not while it is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const closed = await show(null);
    expect(callsTo(closed, 'GET /api/meetings')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(meetingsPollMs + 100));
    expect(callsTo(closed, 'GET /api/meetings')).toHaveLength(2);

    await render(null);
    const open = await show(fakeLiveSocket('open').socket);
    expect(callsTo(open, 'GET /api/meetings')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(2 * meetingsPollMs));
    expect(callsTo(open, 'GET /api/meetings')).toHaveLength(1);
  });
});
