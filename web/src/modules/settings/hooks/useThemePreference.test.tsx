// @vitest-environment happy-dom
import { act } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { settingsDefaults, type Settings } from '@shared/schemas/profile';
import { mountPerTest } from '@/test/mountPerTest';
import { readStoredThemePreference, storeThemePreference } from '@/ui/theme/themePreference';
import { settingsKey } from '../api/settingsApi';
import { useThemePreference } from './useThemePreference';

const { render } = mountPerTest();

let preference: ReturnType<typeof useThemePreference>;
let mutateCache: ReturnType<typeof useSWRConfig>['mutate'];

const Probe = () => {
  preference = useThemePreference();
  mutateCache = useSWRConfig().mutate;
  return null;
};

const mount = () =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <Probe />
    </SWRConfig>,
  );

/** Puts settings into the cache (as the sign-in prefetch and the settings page do), or clears it (sign-out). */
const cacheSettings = (settings: Settings | undefined) =>
  act(async () => {
    await mutateCache(settingsKey, settings, { revalidate: false });
  });

beforeEach(() => localStorage.clear());

describe('useThemePreference', () => {
  it('is light with neither settings nor a copy in this browser (SPEC §3 default)', async () => {
    await mount();
    expect(preference).toBe('light');
  });

  it("is this browser's copy until the settings are read, then the settings', and the copy follows them", async () => {
    storeThemePreference('dark');
    await mount();
    expect(preference).toBe('dark');

    await cacheSettings({ ...settingsDefaults, theme: 'system' });
    expect(preference).toBe('system');
    expect(readStoredThemePreference()).toBe('system');

    await cacheSettings({ ...settingsDefaults, theme: 'light' });
    expect(preference).toBe('light');
    expect(readStoredThemePreference()).toBe('light');
  });

  it('keeps the last theme once the cache is cleared at sign-out', async () => {
    await mount();
    await cacheSettings({ ...settingsDefaults, theme: 'dark' });
    await cacheSettings(undefined);
    expect(preference).toBe('dark');
  });
});
