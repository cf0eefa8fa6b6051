// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, setAuthLoading, setSignedIn, setSignedOut, type AuthState } from '../state/authState';
import { RequireAuth } from './RequireAuth';
import { RequireSignedOut } from './RequireSignedOut';

const loadCurrentUser = vi.hoisted(() => vi.fn());
vi.mock('../api/amplifyAuth', () => ({ loadCurrentUser }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ada = { userId: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace' };

/** Renders where the router ended up, and the `from` it carried. */
const Where = ({ page }: { page: string }) => {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return <p data-testid="where">{`${page} ${location.pathname}${from ? ` from ${from}` : ''}`}</p>;
};

const routes = [
  {
    element: <RequireSignedOut />,
    children: [
      { path: '/signin', element: <Where page="sign-in" /> },
      { path: '/login', element: <Where page="sign-in" /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      { path: '/dashboard', element: <Where page="dashboard" /> },
      { path: '/templates', element: <Where page="templates" /> },
    ],
  },
];

let container: HTMLDivElement;
let root: Root;

const visit = async (entry: string | { pathname: string; state: unknown }) => {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  await act(async () => root.render(<RouterProvider router={router} />));
  return container.querySelector('[data-testid="where"]')?.textContent ?? container.textContent;
};

beforeEach(() => {
  Object.assign(authState, {
    status: 'initial',
    user: null,
    error: null,
    signedOutByUser: false,
    settled: false,
    ready: false,
  } satisfies AuthState);
  loadCurrentUser.mockReset();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('RequireAuth', () => {
  it('sends a visitor without a session to /login, remembering the page', async () => {
    loadCurrentUser.mockResolvedValue(null);
    expect(await visit('/templates?view=all')).toBe('sign-in /login from /templates?view=all');
  });

  it('shows the page to a signed-in user once the stored session is read', async () => {
    loadCurrentUser.mockResolvedValue(ada);
    expect(await visit('/dashboard')).toBe('dashboard /dashboard');
    expect(authState.user).toEqual(ada);
  });

  it('sends someone who just signed out to /signin', async () => {
    setAuthLoading();
    setSignedOut({ byUser: true });
    expect(await visit('/dashboard')).toBe('sign-in /signin');
  });

  it('offers to try again when the session cannot be read', async () => {
    loadCurrentUser.mockRejectedValue(Object.assign(new Error('offline'), { name: 'NetworkError' }));
    await visit('/dashboard');
    // the error view arrives in its own chunk; the skeleton stays meanwhile
    await vi.waitFor(() => expect(container.textContent).toContain('We could not check your session'));
    expect(container.querySelector('button')?.textContent).toBe('Try Again');
  });
});

describe('RequireSignedOut', () => {
  it('sends a signed-in user from /signin to /dashboard', async () => {
    setAuthLoading();
    setSignedIn(ada);
    expect(await visit('/signin')).toBe('dashboard /dashboard');
  });

  it('sends a user who just signed in back to the page they came for', async () => {
    setAuthLoading();
    setSignedIn(ada);
    expect(await visit({ pathname: '/login', state: { from: '/templates' } })).toBe('templates /templates');
  });

  it('shows the sign-in page to a visitor', async () => {
    loadCurrentUser.mockResolvedValue(null);
    expect(await visit('/signin')).toBe('sign-in /signin');
  });
});
