// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outlookAuthCodeMessage, outlookAuthOutcome } from '@/modules/emailConnection/utils/outlookAuthMessages';
import { OutlookAuthPage } from './OutlookAuthPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let postMessage: ReturnType<typeof vi.fn>;
let close: ReturnType<typeof vi.spyOn>;

const setOpener = (opener: unknown) => Object.defineProperty(window, 'opener', { value: opener, configurable: true });

const visit = async (search: string) => {
  const router = createMemoryRouter([{ path: '/outlook-auth', element: <OutlookAuthPage /> }], {
    initialEntries: [`/outlook-auth${search}`],
  });
  await act(async () => root.render(<RouterProvider router={router} />));
  return container.textContent ?? '';
};

const button = (name: string) =>
  [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === name);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(Date.UTC(2025, 5, 1, 12));
  postMessage = vi.fn();
  setOpener({ postMessage });
  close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  setOpener(null);
  close.mockRestore();
  vi.useRealTimers();
});

describe('outlookAuthOutcome', () => {
  const params = (search: string) => new URLSearchParams(search);

  it('refuses to work outside a popup', () => {
    expect(outlookAuthOutcome(params('?code=abc'), false)).toEqual({ kind: 'not-popup' });
  });

  it('puts an error before a code', () => {
    expect(outlookAuthOutcome(params('?code=abc&error=access_denied&error_description=No'), true)).toEqual({
      kind: 'error',
      error: 'access_denied',
      description: 'No',
    });
  });

  it('answers success with a code, missing with neither', () => {
    expect(outlookAuthOutcome(params('?code=abc'), true)).toEqual({ kind: 'success', code: 'abc' });
    expect(outlookAuthOutcome(params(''), true)).toEqual({ kind: 'missing' });
  });

  it('carries every redirect parameter in the message', () => {
    expect(outlookAuthCodeMessage(params('?code=c1&state=s1'), 42)).toEqual({
      type: 'outlook-auth-code',
      code: 'c1',
      error: null,
      errorDescription: null,
      state: 's1',
      timestamp: 42,
    });
  });
});

describe('OutlookAuthPage', () => {
  it('hands a code to the opener once and closes itself after 2 s', async () => {
    const text = await visit('?code=abc&state=xyz');
    expect(text).toContain('Outlook Authentication');
    expect(text).toContain('Authentication successful! You can close this window.');
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith(
      {
        type: 'outlook-auth-code',
        code: 'abc',
        error: null,
        errorDescription: null,
        state: 'xyz',
        timestamp: Date.UTC(2025, 5, 1, 12),
      },
      window.location.origin,
    );
    act(() => vi.advanceTimersByTime(1_999));
    expect(close).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('shows the provider error, passes it on, and on Try Again asks the opener for a new try in this window', async () => {
    const text = await visit('?error=access_denied&error_description=The%20user%20declined&state=xyz');
    // SPEC §8 'Outlook receiver': the general sentence, then the provider's own words (SPEC §2)
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'An error occurred during authentication.Authentication error: access_denied - The user declined',
    );
    expect(text).toContain('Authentication error: access_denied - The user declined');
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'outlook-auth-code',
        code: null,
        error: 'access_denied',
        errorDescription: 'The user declined',
      }),
      window.location.origin,
    );
    act(() => vi.advanceTimersByTime(5_000));
    expect(close).not.toHaveBeenCalled();

    act(() => button('Try Again')!.click());
    expect(postMessage).toHaveBeenLastCalledWith(
      { type: 'outlook-auth-retry', timestamp: Date.UTC(2025, 5, 1, 12, 0, 5) },
      window.location.origin,
    );
    expect(close).not.toHaveBeenCalled();
  });

  it('says no code was received when the redirect carries neither code nor error', async () => {
    expect(await visit('')).toContain('No authentication code received. Please try again.');
    expect(button('Try Again')).toBeUndefined();
    act(() => button('Close Window')!.click());
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('outside a popup, says so and posts nothing', async () => {
    setOpener(null);
    const text = await visit('?code=abc');
    expect(text).toContain('This page should only be accessed via the authentication popup.');
    expect(text).not.toContain('Authentication successful');
    act(() => vi.advanceTimersByTime(5_000));
    expect(close).not.toHaveBeenCalled();
    expect(button('Close Window')).toBeDefined();
  });
});
