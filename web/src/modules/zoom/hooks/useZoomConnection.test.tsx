// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import {
  expiredZoomConnection,
  fakeZoomApi,
  type FakeZoomServer,
  ZoomTestProviders,
  zoomConnection,
} from '@/test/zoomFixtures';
import { useZoomConnection } from './useZoomConnection';

const { render } = mountPerTest();

let seen: ReturnType<typeof useZoomConnection> | undefined;

const Reader = () => {
  seen = useZoomConnection();
  return null;
};

const mount = async (server: FakeZoomServer, live = fakeLiveSocket()) => {
  const fake = fakeZoomApi(server);
  await render(
    <ZoomTestProviders api={fake.api} socket={live.socket}>
      <Reader />
    </ZoomTestProviders>,
  );
  return { ...fake, live };
};

beforeEach(() => {
  seen = undefined;
});

describe('useZoomConnection', () => {
  it('answers null when the server has no connection (404)', async () => {
    await mount({ connection: null });
    await untilPasses(() => expect(seen?.isLoading).toBe(false));
    expect(seen).toMatchObject({ connection: null, error: undefined });
  });

  it('answers the connection, connected or expired', async () => {
    const server: FakeZoomServer = { connection: zoomConnection() };
    await mount(server);
    await untilPasses(() => expect(seen?.connection).toEqual(zoomConnection()));

    server.connection = expiredZoomConnection();
    await act(async () => seen!.refresh());
    await untilPasses(() =>
      expect(seen?.connection).toMatchObject({ connected: false, refreshError: 'invalid_grant' }),
    );
  });

  it('answers a failed read as its error, not as no connection', async () => {
    await mount({ connection: new ApiError({ status: 403, code: 'forbidden', message: 'Access denied' }) });
    await untilPasses(() => expect(seen?.error?.status).toBe(403));
    expect(seen?.connection).toBeNull();
  });

  it("reads it again on the live channel's Zoom connection.changed, not on a mailbox's", async () => {
    const server: FakeZoomServer = { connection: null };
    const { calls, live } = await mount(server);
    await untilPasses(() => expect(seen?.isLoading).toBe(false));
    const reads = calls('GET /zoom/connection').length;

    server.connection = zoomConnection();
    live.send({ type: 'connection.changed', data: { kind: 'email', id: 'm1' } });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(calls('GET /zoom/connection')).toHaveLength(reads);

    live.send({ type: 'connection.changed', data: { kind: 'zoom', id: 'zoom-1' } });
    await untilPasses(() => expect(seen?.connection).toEqual(zoomConnection()));
  });
});
