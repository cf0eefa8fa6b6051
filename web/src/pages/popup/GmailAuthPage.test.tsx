// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { authState } from '@/modules/auth/state/authState';
import { mountPerTest } from '@/test/mountPerTest';
import { GmailAuthPage } from './GmailAuthPage';

vi.mock('@/modules/auth/hooks/useAuth', () => ({ useAuth: () => authState }));

const connection = {
  id: 'm1',
  email: 'ada@gmail.com',
  provider: 'gmail',
  status: 'connected',
  isDefault: true,
  expiry: '2026-01-10T13:00:00.000Z',
  refreshError: null,
  connectedAt: '2026-01-10T12:00:00.000Z',
  lastSynced: null,
};

const { container, render } = mountPerTest();

const visit = async (search: string) => {
  const request = vi.fn(async (route: string, _input?: unknown) =>
    route === 'POST /api/email-connections/{id}/default'
      ? { ...connection, isDefault: true }
      : {
          email: connection.email,
          provider: 'gmail',
          id: connection.id,
          status: connection.status,
          expiry: connection.expiry,
          connection: { ...connection, isDefault: false },
        },
  );
  const router = createMemoryRouter(
    [
      { path: '/gmail-auth', element: <GmailAuthPage /> },
      { path: '/outreach', element: <p>Outreach page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: [`/gmail-auth${search}`] },
  );
  await render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ApiClientContext.Provider value={{ request } as unknown as ApiClient}>
        <RouterProvider router={router} />
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
  return { request, router, text: () => container().textContent ?? '' };
};

const pass = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  sessionStorage.clear();
  localStorage.clear();
  Object.assign(authState, { ready: true, status: 'authenticated' });
});

afterEach(() => {
  vi.useRealTimers();
  Object.assign(authState, { ready: false, status: 'initial' });
});

describe('GmailAuthPage', () => {
  it('exchanges the code, stores the completion for the other tabs and returns to the saved path', async () => {
    sessionStorage.setItem(
      'emailAuthPending',
      JSON.stringify({ state: 'state-1', returnPath: '/outreach', loginHint: null }),
    );
    const page = await visit('?code=code-1&state=state-1');
    await pass(0);
    expect(page.request).toHaveBeenCalledExactlyOnceWith('POST /api/email-connections/oauth/callback-public', {
      body: { provider: 'gmail', code: 'code-1', state: 'state-1', origin: window.location.origin },
    });
    // no 'Change Email': the mailbox is left as the server made it
    expect(page.request).not.toHaveBeenCalledWith('POST /api/email-connections/{id}/default', expect.anything());
    expect(JSON.parse(localStorage.getItem('emailAuthCompleted') ?? '{}')).toMatchObject({
      provider: 'gmail',
      email: 'ada@gmail.com',
      connectionId: 'm1',
    });
    expect(sessionStorage.getItem('emailAuthPending')).toBeNull();
    expect(page.text()).toContain('Gmail Authentication');
    await pass(1_500);
    expect(page.router.state.location.pathname).toBe('/outreach');
  });

  it("makes the new mailbox the default when 'Change Email' started the flow", async () => {
    sessionStorage.setItem(
      'emailAuthPending',
      JSON.stringify({ state: 'state-1', returnPath: '/outreach', loginHint: null, makeDefault: true }),
    );
    const page = await visit('?code=code-1&state=state-1');
    await pass(0);
    expect(page.request).toHaveBeenCalledWith('POST /api/email-connections/{id}/default', { params: { id: 'm1' } });
  });

  it('waits for the signed-in user, showing the attempt, and tells a signed-out visitor to log in first', async () => {
    Object.assign(authState, { ready: false, status: 'loading' });
    const page = await visit('?code=code-1&state=state-1');
    expect(page.text()).toContain('Waiting for authentication... (Attempt 1/3)');
    await act(async () => Object.assign(authState, { status: 'unauthenticated' }));
    await pass(0);
    expect(page.text()).toContain('Authentication error: Not logged in. Please return to the app and log in first.');
    expect(page.request).not.toHaveBeenCalled();
    const back = [...container().querySelectorAll('button')].find((b) => b.textContent === 'Return to Application');
    await act(async () => back?.click());
    expect(page.router.state.location.pathname).toBe('/');
  });

  it('says no code was received', async () => {
    const page = await visit('');
    await pass(0);
    expect(page.text()).toContain('No authentication code received. Please try again.');
  });
});
