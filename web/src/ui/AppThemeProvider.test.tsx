// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { mountPerTest } from '@/test/mountPerTest';
import { AppThemeProvider } from './AppThemeProvider';

const { render } = mountPerTest();

/** A device whose appearance the test switches, as `matchMedia('(prefers-color-scheme: dark)')` reports it. */
const fakeDevice = (dark: boolean) => {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) =>
    media === '(prefers-color-scheme: dark)'
      ? query
      : { matches: false, addEventListener() {}, removeEventListener() {} },
  );
  return {
    switchTo: (next: 'dark' | 'light') => {
      dark = next === 'dark';
      for (const listener of listeners) listener();
    },
  };
};

const scheme = () => document.documentElement.dataset.theme;

beforeEach(() => {
  delete document.documentElement.dataset.theme;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AppThemeProvider', () => {
  it('marks the document with the chosen scheme, and changes it with the choice', async () => {
    fakeDevice(true);
    await render(<AppThemeProvider preference="light">page</AppThemeProvider>);
    expect(scheme()).toBe('light');
    await render(<AppThemeProvider preference="dark">page</AppThemeProvider>);
    expect(scheme()).toBe('dark');
  });

  it("follows the device with 'system', also when it switches", async () => {
    const device = fakeDevice(false);
    await render(<AppThemeProvider preference="system">page</AppThemeProvider>);
    expect(scheme()).toBe('light');
    await act(async () => device.switchTo('dark'));
    expect(scheme()).toBe('dark');
    await act(async () => device.switchTo('light'));
    expect(scheme()).toBe('light');
  });

  it("wraps the page in the element that carries the scheme's CSS variables, so plain markup is painted with them", async () => {
    fakeDevice(false);
    await render(
      <AppThemeProvider preference="dark">
        <p id="plain">page</p>
      </AppThemeProvider>,
    );
    const root = document.getElementById('plain')!.parentElement!;
    expect(root.classList.contains('app-theme')).toBe(true);
    expect(root.classList.contains('app-theme-dark')).toBe(true);
    await render(
      <AppThemeProvider preference="light">
        <p id="plain">page</p>
      </AppThemeProvider>,
    );
    expect(document.getElementById('plain')!.parentElement!.classList.contains('app-theme-light')).toBe(true);
  });
});
