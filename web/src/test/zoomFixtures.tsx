import { type ReactNode, StrictMode } from 'react';
import { vi } from 'vitest';
import type { ZoomConnection } from '@shared/schemas/meetings';
import type { WebConfig } from '@shared/web-config';
import { ApiError } from '@/lib/http/ApiError';
import { LiveProvider, type LiveSocket } from '@/lib/live';
import { WebConfigContext } from '@/modules/config/hooks/useWebConfig';
import { ApiTestProviders } from './ApiTestProviders';

export const zoomTestConfig: WebConfig = {
  stage: 'test',
  apiUrl: 'https://api.test',
  region: 'eu-west-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  authFlowType: 'USER_PASSWORD_AUTH',
  identityProviders: [],
  providers: { meetings: 'sandbox' },
};

export const zoomConnection = (change: Partial<ZoomConnection> = {}): ZoomConnection => ({
  connected: true,
  id: 'zoom-1',
  email: 'ada@zoom.test',
  provider: 'zoom',
  expiresAt: '2026-11-24T16:00:00.000Z',
  refreshError: null,
  message: 'Zoom is connected',
  ...change,
});

export const expiredZoomConnection = () =>
  zoomConnection({
    connected: false,
    refreshError: 'invalid_grant',
    message: 'Zoom Authentication Expired. Reconnect your Zoom account to continue.',
  });

type Answer = ZoomConnection | null | Error;

export type FakeZoomServer = {
  /** what GET /zoom/connection answers (null: 404); an Error is thrown as it is */
  connection: Answer;
  /** what POST /zoom/oauth/exchange does: connect `connection` (the default), or throw */
  exchange?: (body: { code: string; state: string }) => Promise<unknown>;
  /** what POST /zoom/disconnect does @default forget the connection */
  disconnect?: () => Promise<unknown>;
  /** what POST /zoom/oauth/init does @default a sign-in of state `zoomTestState` on Zoom's consent page */
  init?: (body: { redirect: string }) => Promise<unknown>;
};

/** The state the fake server's sign-ins start with. */
export const zoomTestState = 'server-state-0123456789abcdefghij';

const notFound = () => new ApiError({ status: 404, code: 'not_found', message: 'Not found' });

/** A fake API of the Zoom routes, answering from `server` (which the test may change between calls). */
export const fakeZoomApi = (server: FakeZoomServer) => {
  const request = vi.fn(async (route: string, input?: { body?: { code: string; state: string; redirect: string } }) => {
    if (route === 'POST /zoom/oauth/init') {
      if (server.init) return server.init(input!.body!);
      const query = new URLSearchParams({ redirect_uri: input!.body!.redirect, state: zoomTestState });
      return { authUrl: `https://zoom.test/oauth/authorize?${query.toString()}`, state: zoomTestState };
    }
    if (route === 'GET /zoom/connection') {
      if (server.connection instanceof Error) throw server.connection;
      if (!server.connection) throw notFound();
      return server.connection;
    }
    if (route === 'POST /zoom/oauth/exchange') {
      if (server.exchange) return server.exchange(input!.body!);
      server.connection = zoomConnection();
      return server.connection;
    }
    if (route === 'POST /zoom/disconnect') {
      if (server.disconnect) return server.disconnect();
      server.connection = null;
      return { disconnected: true };
    }
    throw new Error(`unexpected ${route}`);
  });
  const calls = (route: string) => request.mock.calls.filter(([called]) => called === route);
  return { api: { request }, request, calls };
};

export type ZoomTestProvidersProps = {
  api: ReturnType<typeof fakeZoomApi>['api'];
  socket?: LiveSocket | null;
  children: ReactNode;
};

/** What the signed-in app gives the Zoom hooks (StrictMode, as main.tsx renders): config, SWR, the API, live events. */
export const ZoomTestProviders = ({ api, socket = null, children }: ZoomTestProvidersProps) => (
  <StrictMode>
    <WebConfigContext.Provider value={zoomTestConfig}>
      <ApiTestProviders api={api}>
        <LiveProvider socket={socket}>{children}</LiveProvider>
      </ApiTestProviders>
    </WebConfigContext.Provider>
  </StrictMode>
);
