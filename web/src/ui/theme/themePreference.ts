import type { Settings } from '@shared/schemas/profile';

/** The appearance a person chose in Settings (SPEC §3 'Profile settings' theme, default light). */
export type ThemePreference = Settings['theme'];

/** What is painted: a preference of 'system' becomes the device's. */
export type ColorScheme = 'light' | 'dark';

/**
 * This browser's copy of the preference. The profile's settings are the truth; the copy lets the first paint of the
 * next visit be right before they are read.
 */
const storageKey = 'outreach.theme';

const isPreference = (value: unknown): value is ThemePreference =>
  value === 'light' || value === 'dark' || value === 'system';

/** The copy kept in this browser, light when there is none (SPEC §3 default). */
export const readStoredThemePreference = (): ThemePreference => {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey);
    return isPreference(stored) ? stored : 'light';
  } catch {
    return 'light';
  }
};

export const storeThemePreference = (preference: ThemePreference) => {
  try {
    globalThis.localStorage?.setItem(storageKey, preference);
  } catch {
    // storage full or blocked: the next visit starts light until the settings are read
  }
};

const darkQuery = '(prefers-color-scheme: dark)';

/** Whether the device asks for dark appearance now. */
export const systemPrefersDark = () => globalThis.matchMedia?.(darkQuery).matches ?? false;

/** Calls `onChange` whenever the device switches between light and dark; answers the unsubscribe. */
export const onSystemColorSchemeChange = (onChange: () => void) => {
  const query = globalThis.matchMedia?.(darkQuery);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

export const resolveColorScheme = (preference: ThemePreference, prefersDark: boolean): ColorScheme =>
  preference === 'system' ? (prefersDark ? 'dark' : 'light') : preference;

/**
 * Marks the document with the scheme (`<html data-theme>`), which the app's CSS custom properties and the browser's
 * own controls (`color-scheme`, in theme.css) follow.
 */
export const applyColorScheme = (scheme: ColorScheme) => {
  document.documentElement.dataset.theme = scheme;
};

/** The first paint of a visit: the scheme of this browser's copy of the preference, before anything renders. */
export const applyStoredColorScheme = () =>
  applyColorScheme(resolveColorScheme(readStoredThemePreference(), systemPrefersDark()));
