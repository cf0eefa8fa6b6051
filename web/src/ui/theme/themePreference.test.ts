// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyStoredColorScheme,
  readStoredThemePreference,
  resolveColorScheme,
  storeThemePreference,
} from './themePreference';

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete document.documentElement.dataset.theme;
});

describe('resolveColorScheme', () => {
  it('paints light and dark as chosen, and the device scheme for system', () => {
    expect(resolveColorScheme('light', true)).toBe('light');
    expect(resolveColorScheme('dark', false)).toBe('dark');
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
  });
});

describe("this browser's copy of the preference", () => {
  it('is light before anything was stored (SPEC §3 default) and when the stored value is not a theme', () => {
    expect(readStoredThemePreference()).toBe('light');
    localStorage.setItem('outreach.theme', 'sepia');
    expect(readStoredThemePreference()).toBe('light');
  });

  it('answers what was stored, and marks the document with it for the first paint', () => {
    storeThemePreference('dark');
    expect(readStoredThemePreference()).toBe('dark');
    applyStoredColorScheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
