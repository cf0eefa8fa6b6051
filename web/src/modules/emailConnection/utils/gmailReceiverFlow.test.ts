import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { type ReceiverSession, runGmailReceiver, safeReturnPath } from './gmailReceiverFlow';

const pending = { state: 'state-1', returnPath: '/outreach?contact=c1', loginHint: null };

const run = (
  options: {
    search?: string;
    sessions?: ReceiverSession[];
    exchange?: (code: string, state: string) => Promise<{ email: string }>;
    pendingAuth?: typeof pending | null;
  } = {},
) => {
  const sessions = [...(options.sessions ?? ['signed-in'])];
  const waitForUser = vi.fn(async (_timeoutMs: number) => sessions.shift() ?? 'waiting');
  const exchange = vi.fn(options.exchange ?? (async () => ({ email: 'ada@gmail.com' })));
  const sleep = vi.fn(async (_ms: number) => {});
  const progress: string[] = [];
  const outcome = runGmailReceiver({
    params: new URLSearchParams(options.search ?? '?code=code-1&state=state-1'),
    pending: options.pendingAuth === undefined ? pending : options.pendingAuth,
    waitForUser,
    exchange,
    sleep,
    onProgress: (message) => progress.push(message),
  });
  return { outcome, waitForUser, exchange, sleep, progress };
};

describe('runGmailReceiver', () => {
  it('waits for the user, exchanges the code with its state, and returns to the path the flow left', async () => {
    const flow = run();
    await expect(flow.outcome).resolves.toEqual({
      kind: 'success',
      result: { email: 'ada@gmail.com' },
      returnPath: '/outreach?contact=c1',
    });
    expect(flow.exchange).toHaveBeenCalledExactlyOnceWith('code-1', 'state-1');
    expect(flow.waitForUser).toHaveBeenCalledWith(2_000);
    expect(flow.progress).toEqual([
      'Waiting for authentication... (Attempt 1/3)',
      'Authentication in progress... (Attempt 1/3)',
    ]);
  });

  it('tries again while the user is not known yet, backing off 1.5 s doubling, up to 3 attempts', async () => {
    const flow = run({ sessions: ['waiting', 'waiting', 'signed-in'] });
    await expect(flow.outcome).resolves.toMatchObject({ kind: 'success' });
    expect(flow.sleep.mock.calls).toEqual([[1_500], [3_000]]);
    expect(flow.progress).toContain('Waiting for authentication... (Attempt 3/3)');
    expect(flow.progress.at(-1)).toBe('Authentication in progress... (Attempt 3/3)');
  });

  it('gives up after 3 attempts without a user, telling the person to log in first', async () => {
    const flow = run({ sessions: ['waiting', 'waiting', 'waiting'] });
    await expect(flow.outcome).resolves.toEqual({
      kind: 'error',
      message: 'Authentication error: Not logged in. Please return to the app and log in first.',
    });
    expect(flow.exchange).not.toHaveBeenCalled();
    expect(flow.waitForUser).toHaveBeenCalledTimes(3);
  });

  it('stops at once when nobody is signed in, and says it could not refresh when the session failed', async () => {
    await expect(run({ sessions: ['signed-out'] }).outcome).resolves.toMatchObject({
      message: 'Authentication error: Not logged in. Please return to the app and log in first.',
    });
    await expect(run({ sessions: ['error', 'error', 'error'] }).outcome).resolves.toMatchObject({
      message: 'Authentication error: Could not refresh authentication. Please try again.',
    });
  });

  it('retries an exchange that met a server or network failure', async () => {
    let calls = 0;
    const flow = run({
      sessions: ['signed-in', 'signed-in'],
      exchange: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError({ status: 0, code: 'network_error', message: 'Network error.' });
        return { email: 'ada@gmail.com' };
      },
    });
    await expect(flow.outcome).resolves.toMatchObject({ kind: 'success' });
    expect(flow.exchange).toHaveBeenCalledTimes(2);
  });

  it("does not retry a refused exchange (the state is spent) and shows the server's text", async () => {
    const flow = run({
      sessions: ['signed-in', 'signed-in'],
      exchange: async () => {
        throw new ApiError({
          status: 400,
          code: 'invalid_request',
          message: 'Invalid request. Please check your input.',
          serverMessage: 'Invalid authentication request. Please try reconnecting.',
        });
      },
    });
    await expect(flow.outcome).resolves.toEqual({
      kind: 'error',
      message: 'Invalid authentication request. Please try reconnecting.',
    });
    expect(flow.exchange).toHaveBeenCalledTimes(1);
  });

  it('fails after 3 failed exchanges with the spec text', async () => {
    const flow = run({
      sessions: ['signed-in', 'signed-in', 'signed-in'],
      exchange: async () => {
        throw new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });
      },
    });
    await expect(flow.outcome).resolves.toEqual({
      kind: 'error',
      message: 'Failed to complete authentication. Please try again.',
    });
    expect(flow.exchange).toHaveBeenCalledTimes(3);
  });

  it('says no code was received, or what Google answered instead', async () => {
    await expect(run({ search: '?state=state-1' }).outcome).resolves.toEqual({
      kind: 'error',
      message: 'No authentication code received. Please try again.',
    });
    await expect(run({ search: '?error=access_denied' }).outcome).resolves.toEqual({
      kind: 'error',
      message: 'An error occurred: access_denied',
    });
  });

  it('refuses a state other than the one this tab started with, without exchanging the code', async () => {
    const flow = run({ search: '?code=code-1&state=forged' });
    await expect(flow.outcome).resolves.toEqual({
      kind: 'error',
      message: 'Invalid authentication request. Please try reconnecting.',
    });
    expect(flow.exchange).not.toHaveBeenCalled();
  });

  it("returns to '/' when the tab kept no return path", async () => {
    await expect(run({ pendingAuth: null }).outcome).resolves.toMatchObject({ kind: 'success', returnPath: '/' });
  });
});

describe('safeReturnPath', () => {
  it('keeps a path of this app and replaces anything else with /', () => {
    expect(safeReturnPath('/dashboard')).toBe('/dashboard');
    expect(safeReturnPath('//evil.test/x')).toBe('/');
    expect(safeReturnPath('/\\evil.test')).toBe('/');
    expect(safeReturnPath('https://evil.test')).toBe('/');
    expect(safeReturnPath('/gmail-auth?code=x')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });
});
