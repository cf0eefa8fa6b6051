// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quota } from '@shared/schemas/contacts';
import { ApiError } from '@/lib/http/ApiError';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { mountPerTest } from '@/test/mountPerTest';
import { quotaOf } from '@/test/quotaFixtures';
import { useQuota } from './useQuota';
import { useDashboardSummary } from '@/modules/dashboard/hooks/useDashboardSummary';
import { useRecordSlotUsed } from './useRecordSlotUsed';

const { render } = mountPerTest();

let quota: ReturnType<typeof useQuota>;
let recordSlotUsed: () => void;

const Probe = () => {
  quota = useQuota();
  recordSlotUsed = useRecordSlotUsed();
  return null;
};

/** A client whose GET /api/profiles/slots gives the next answer each time (the last one over and over). */
const apiAnswering = (...answers: (Quota | Error)[]) => {
  const request = vi.fn(async () => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
    return answer;
  });
  return { request };
};

const serverError = () =>
  new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });
const notFound = () =>
  new ApiError({ status: 404, code: 'not_found', message: 'The requested resource was not found.' });

const mount = async (api: ReturnType<typeof apiAnswering>, consumers = 1) => {
  await render(
    <ApiTestProviders api={api}>
      {Array.from({ length: consumers }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical consumers, a count that never changes order
        <Probe key={index} />
      ))}
    </ApiTestProviders>,
  );
};

/** Lets timers and the promises they start run, inside act. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useQuota', () => {
  it('loads the quota once for every part of the page that shows it', async () => {
    const api = apiAnswering(quotaOf());
    await mount(api, 3);
    await pass(0);
    expect(quota.quota).toMatchObject({ slotsUsed: 3, slotsAllowed: 25 });
    expect(api.request).toHaveBeenCalledExactlyOnceWith('GET /api/profiles/slots');
  });

  it('serves the cached quota for 5 minutes, then fetches again', async () => {
    const api = apiAnswering(quotaOf(), quotaOf({ slotsUsed: 4 }));
    await mount(api);
    await pass(0);
    // back to the tab within 5 min: the cache answers
    await pass(290_000);
    await act(async () => window.dispatchEvent(new Event('focus')));
    await pass(0);
    expect(api.request).toHaveBeenCalledTimes(1);
    await pass(10_000);
    await act(async () => window.dispatchEvent(new Event('focus')));
    await pass(0);
    expect(api.request).toHaveBeenCalledTimes(2);
    expect(quota.quota?.slotsUsed).toBe(4);
  });

  it('retries a failed fetch 3 times at 1 s, 2 s and 4 s, then shows the error', async () => {
    const api = apiAnswering(serverError());
    await mount(api);
    await pass(0);
    expect(api.request).toHaveBeenCalledTimes(1);
    await pass(999);
    expect(api.request).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(api.request).toHaveBeenCalledTimes(2);
    await pass(2_000);
    expect(api.request).toHaveBeenCalledTimes(3);
    await pass(4_000);
    expect(api.request).toHaveBeenCalledTimes(4);
    await pass(60_000);
    expect(api.request).toHaveBeenCalledTimes(4);
    expect(quota).toMatchObject({ quota: null, loading: false, error: 'Server error. Please try again later.' });
  });

  it('does not retry a 404, and a reload after a failure clears the error', async () => {
    const api = apiAnswering(notFound(), quotaOf());
    await mount(api);
    await pass(10_000);
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(quota.error).toBe('The requested resource was not found.');
    await act(async () => void quota.reload());
    await pass(0);
    expect(quota).toMatchObject({ quota: { slotsAllowed: 25 }, error: null });
  });
});

describe('useRecordSlotUsed', () => {
  it('counts bonus slots first at once, and reads the server once 1 s after adds in a row', async () => {
    const api = apiAnswering(quotaOf({ bonusSlotsAvailable: 1, totalAvailableSlots: 23 }), quotaOf({ slotsUsed: 9 }));
    await mount(api);
    await pass(0);

    await act(async () => recordSlotUsed());
    expect(quota.quota).toMatchObject({
      bonusSlotsAvailable: 0,
      totalBonusSlotsUsed: 1,
      slotsUsed: 3,
      totalAvailableSlots: 22,
    });
    await act(async () => recordSlotUsed());
    expect(quota.quota).toMatchObject({ bonusSlotsAvailable: 0, slotsUsed: 4, totalAvailableSlots: 21 });

    await pass(999);
    expect(api.request).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(api.request).toHaveBeenCalledTimes(2);
    expect(quota.quota?.slotsUsed).toBe(9);
  });

  it("reads the dashboard's summary again with the slots after an add: its Contacts and slots cards show them too", async () => {
    const routes: string[] = [];
    const request = vi.fn(async (route: string) => {
      routes.push(route);
      return route === 'GET /api/dashboard/summary' ? {} : quotaOf({});
    });
    const Summary = () => {
      useDashboardSummary();
      return null;
    };
    await render(
      <ApiTestProviders api={{ request } as never}>
        <Probe />
        <Summary />
      </ApiTestProviders>,
    );
    await pass(0);
    const summaryReads = () => routes.filter((route) => route === 'GET /api/dashboard/summary').length;
    expect(summaryReads()).toBe(1);
    await act(async () => recordSlotUsed());
    await pass(1000);
    expect(summaryReads()).toBe(2);
  });
});
