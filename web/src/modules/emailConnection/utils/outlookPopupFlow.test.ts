// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runOutlookPopupFlow, type OutlookPopupFlowOptions, type PopupWindow } from './outlookPopupFlow';

const origin = 'http://app.test';

type FakePopup = PopupWindow & { opened: { url: string; name: string; features: string } };

const setup = (overrides: Partial<OutlookPopupFlowOptions<{ email: string }>> = {}) => {
  const messages = new EventTarget();
  let popup: FakePopup | null = null;
  const init = vi
    .fn<() => Promise<{ authUrl: string; state: string }>>()
    .mockResolvedValueOnce({ authUrl: 'https://login.test/authorize?client_id=c', state: 'state-1' })
    .mockResolvedValueOnce({ authUrl: 'https://login.test/authorize?client_id=c&try=2', state: 'state-2' });
  const complete = vi.fn(async (_code: string, _state: string) => ({ email: 'ada@outlook.com' }));
  const openWindow = vi.fn((url: string, name: string, features: string) => {
    popup = {
      opened: { url, name, features },
      closed: false,
      close: vi.fn(() => {
        if (popup) popup.closed = true;
      }),
      location: { href: url },
    };
    return popup;
  });
  const outcome = runOutlookPopupFlow({
    init,
    complete,
    openWindow,
    messages: messages as unknown as Window,
    origin,
    ...overrides,
  });
  const post = (data: unknown, from = origin) =>
    messages.dispatchEvent(new MessageEvent('message', { data, origin: from }));
  return { outcome, init, complete, openWindow, popup: () => popup as FakePopup, post };
};

const code = (extra: Record<string, unknown> = {}) => ({
  type: 'outlook-auth-code',
  code: 'code-1',
  error: null,
  errorDescription: null,
  state: 'state-1',
  timestamp: 1,
  ...extra,
});

/** Lets the flow's awaited init settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('runOutlookPopupFlow', () => {
  it('opens a 600 x 700 popup named for the receiver, sends it to the authorization URL with the login hint', async () => {
    const flow = setup({ loginHint: 'ada@outlook.com' });
    await settle();
    expect(flow.openWindow).toHaveBeenCalledTimes(1);
    expect(flow.popup().opened.name).toBe('outlook-auth-popup');
    expect(flow.popup().opened.features).toContain('width=600');
    expect(flow.popup().opened.features).toContain('height=700');
    expect(flow.popup().location.href).toBe('https://login.test/authorize?client_id=c&login_hint=ada%40outlook.com');
  });

  it('exchanges the code it is posted with its state and connects', async () => {
    const flow = setup();
    await settle();
    flow.post(code());
    await expect(flow.outcome).resolves.toEqual({ kind: 'connected', result: { email: 'ada@outlook.com' } });
    expect(flow.complete).toHaveBeenCalledExactlyOnceWith('code-1', 'state-1');
  });

  it('ignores messages from another origin', async () => {
    const flow = setup();
    await settle();
    flow.post(code({ code: 'evil', state: 'state-1' }), 'http://evil.test');
    flow.post(code());
    await flow.outcome;
    expect(flow.complete).toHaveBeenCalledExactlyOnceWith('code-1', 'state-1');
  });

  it('refuses a code that comes back with another state, without exchanging it', async () => {
    const flow = setup();
    await settle();
    flow.post(code({ state: 'forged' }));
    const outcome = await flow.outcome;
    expect(outcome).toMatchObject({ kind: 'failed' });
    expect(outcome.kind === 'failed' && (outcome.error as Error).message).toBe(
      'Invalid authentication request. Please try reconnecting.',
    );
    expect(flow.complete).not.toHaveBeenCalled();
    expect(flow.popup().closed).toBe(true);
  });

  it('says the authorization was denied on access_denied', async () => {
    const flow = setup();
    await settle();
    flow.post(code({ code: null, error: 'access_denied', errorDescription: 'The user declined' }));
    const outcome = await flow.outcome;
    expect(outcome.kind === 'failed' && (outcome.error as Error).message).toBe(
      'Outlook authorization was denied. Please try again and grant the necessary permissions.',
    );
  });

  it('cancels when the popup is closed before a code came back (polled every 500 ms)', async () => {
    const flow = setup();
    await settle();
    flow.popup().closed = true;
    await vi.advanceTimersByTimeAsync(500);
    await expect(flow.outcome).resolves.toEqual({ kind: 'cancelled' });
    expect(flow.complete).not.toHaveBeenCalled();
  });

  it('does not cancel when the popup closes itself while the code is being exchanged', async () => {
    let finishExchange: (value: { email: string }) => void = () => {};
    const flow = setup({ complete: () => new Promise((resolve) => (finishExchange = resolve)) });
    await settle();
    flow.post(code());
    flow.popup().closed = true;
    await vi.advanceTimersByTimeAsync(2_000);
    finishExchange({ email: 'ada@outlook.com' });
    await expect(flow.outcome).resolves.toMatchObject({ kind: 'connected' });
  });

  it('answers a retry by sending the same popup to a new authorization URL, then takes only the new state', async () => {
    const flow = setup();
    await settle();
    flow.post({ type: 'outlook-auth-retry', timestamp: 2 });
    await settle();
    expect(flow.init).toHaveBeenCalledTimes(2);
    expect(flow.openWindow).toHaveBeenCalledTimes(1);
    expect(flow.popup().location.href).toBe('https://login.test/authorize?client_id=c&try=2');
    flow.post(code({ state: 'state-2', code: 'code-2' }));
    await expect(flow.outcome).resolves.toMatchObject({ kind: 'connected' });
    expect(flow.complete).toHaveBeenCalledExactlyOnceWith('code-2', 'state-2');
  });

  it('fails with the popup blocker text when the browser refuses the popup', async () => {
    const flow = setup({ openWindow: () => null });
    const outcome = await flow.outcome;
    expect(outcome.kind === 'failed' && (outcome.error as Error).message).toBe(
      'Failed to open Outlook authentication popup. Please check your browser popup blocker settings.',
    );
  });

  it('closes the popup and fails when the authorization URL cannot be had', async () => {
    const init = vi.fn(async () => {
      throw new Error('Failed to get OAuth URL from service for Outlook');
    });
    const flow = setup({ init });
    const outcome = await flow.outcome;
    expect(outcome).toMatchObject({ kind: 'failed' });
    expect(flow.popup().closed).toBe(true);
  });
});
