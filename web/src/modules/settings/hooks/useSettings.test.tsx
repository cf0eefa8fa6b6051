// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsDefaults, type Settings } from '@shared/schemas/profile';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiError } from '@/lib/http/ApiError';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { useSettings } from './useSettings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Hook = ReturnType<typeof useSettings>;

let container: HTMLDivElement;
let root: Root;
let hook: Hook;

const Probe = () => {
  hook = useSettings();
  return null;
};

/** A fake client: GET answers `stored`, PUT runs `put`. */
const fakeApi = (
  stored: { current: Settings; gate?: Promise<void> },
  put: (changes: Partial<Settings>) => Promise<Settings>,
  getFails = false,
) => {
  const request = vi.fn(async (route: string, input?: { body?: { settings: Partial<Settings> } }) => {
    if (route === 'GET /api/profiles/settings') {
      await stored.gate;
      if (getFails)
        throw new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });
      return { ...stored.current };
    }
    if (route === 'PUT /api/profiles/settings') return put(input?.body?.settings ?? {});
    throw new Error(`unexpected ${route}`);
  });
  return { api: { request } as unknown as ApiClient, request };
};

const render = async (api: ApiClient) => {
  await act(async () =>
    root.render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <ApiClientContext.Provider value={api}>
          <Probe />
        </ApiClientContext.Provider>
      </SWRConfig>,
    ),
  );
};

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

describe('useSettings', () => {
  it('shows the stored settings once loaded', async () => {
    const stored = { current: { ...settingsDefaults, timeZone: 'Europe/Berlin' } };
    await render(fakeApi(stored, async () => stored.current).api);
    expect(hook.settings.timeZone).toBe('Europe/Berlin');
    expect(hook.loadFailed).toBe(false);
  });

  it('falls back to the defaults when loading fails, and says so', async () => {
    const stored = { current: { ...settingsDefaults, theme: 'dark' as const } };
    await render(fakeApi(stored, async () => stored.current, true).api);
    expect(hook.loadFailed).toBe(true);
    expect(hook.settings).toEqual(settingsDefaults);
  });

  it('applies a change at once and keeps the server answer', async () => {
    const stored = { current: { ...settingsDefaults } };
    const answer = deferred<Settings>();
    await render(fakeApi(stored, () => answer.promise).api);

    let update!: Promise<unknown>;
    await act(async () => {
      update = hook.update({ emailNotifications: true });
    });
    expect(hook.settings.emailNotifications).toBe(true);
    expect(hook.saving).toBe(true);

    await act(async () => {
      answer.resolve({ ...settingsDefaults, emailNotifications: true });
      await update;
    });
    expect(hook.settings.emailNotifications).toBe(true);
    expect(hook.saving).toBe(false);
  });

  it("rolls a failed change back, reads the settings again and throws 'Failed to update settings'", async () => {
    const stored: { current: Settings; gate?: Promise<void> } = { current: { ...settingsDefaults, followUpDelay: 5 } };
    const answer = deferred<Settings>();
    const { api, request } = fakeApi(stored, () => answer.promise);
    await render(api);

    let update!: Promise<unknown>;
    await act(async () => {
      update = hook.update({ theme: 'dark' });
    });
    expect(hook.settings.theme).toBe('dark');

    // meanwhile another tab changed a setting: the read after the failure brings it in
    stored.current = { ...stored.current, followUpDelay: 7 };
    const reread = deferred<void>();
    stored.gate = reread.promise;
    let failure: unknown;
    await act(async () => {
      answer.reject(
        new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' }),
      );
      failure = await update.catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('Failed to update settings');
    expect(hook.settings).toMatchObject({ theme: 'light', followUpDelay: 5 });

    await act(async () => {
      reread.resolve();
      await vi.waitFor(() => expect(hook.settings.followUpDelay).toBe(7));
    });
    expect(hook.settings.theme).toBe('light');
    expect(request.mock.calls.filter(([route]) => route === 'GET /api/profiles/settings')).toHaveLength(2);
  });
});
