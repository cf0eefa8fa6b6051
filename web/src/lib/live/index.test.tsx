// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventMap } from '@shared/live-events';
import { raiseWindowEvent } from '@/lib/windowEvents';
import { createLiveSocket, LiveProvider, useLiveEvent, useLiveStatus } from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Fake = {
  url: string;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  close: () => void;
};

let container: HTMLDivElement;
let root: Root;
let sockets: Fake[];

const liveSocket = () =>
  createLiveSocket({
    url: 'ws://gateway/ws',
    getToken: async () => 'token',
    createSocket: (url) => {
      const socket: Fake = { url, onopen: null, onclose: null, onerror: null, onmessage: null, close: () => {} };
      sockets.push(socket);
      return socket;
    },
    schedule: () => () => {},
  });

const seen: LiveEventMap['draft.saved'][] = [];
let fetches = 0;

const Probe = () => {
  const status = useLiveStatus();
  useLiveEvent('draft.saved', (data) => seen.push(data));
  const { data } = useSWR(['GET /api/contacts/{id}', 'c1'], () => {
    fetches += 1;
    return `fetch ${fetches}`;
  });
  return (
    <p>
      {status} {data}
    </p>
  );
};

beforeEach(() => {
  container = document.createElement('div');
  root = createRoot(container);
  sockets = [];
  seen.length = 0;
  fetches = 0;
});
afterEach(() => {
  act(() => root.unmount());
});

const flush = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe('useLiveEvent and useLiveStatus', () => {
  it('report open while the socket is, deliver events to the page, and revalidate the answers they make stale', async () => {
    const socket = liveSocket();
    act(() =>
      root.render(
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <LiveProvider socket={socket}>
            <Probe />
          </LiveProvider>
        </SWRConfig>,
      ),
    );
    await flush();
    expect(container.textContent).toBe('closed fetch 1');
    act(() => sockets[0]?.onopen?.({}));
    expect(container.textContent).toContain('open');
    const data = { draftId: 'd1', contactId: 'c1', isPrimary: true };
    act(() => sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'draft.saved', data }) }));
    await flush();
    expect(seen).toEqual([data]);
    await vi.waitFor(() => expect(container.textContent).toBe('open fetch 2'));
    act(() => sockets[0]?.onclose?.({}));
    expect(container.textContent).toContain('closed');
  });

  it('reads the live answers again when the socket reopens after a drop (events sent meanwhile were lost)', async () => {
    const socket = liveSocket();
    act(() =>
      root.render(
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <LiveProvider socket={socket}>
            <Probe />
          </LiveProvider>
        </SWRConfig>,
      ),
    );
    await flush();
    act(() => sockets[0]?.onopen?.({}));
    await flush();
    // the first opening is no reconnection: nothing read again
    expect(container.textContent).toBe('open fetch 1');
    act(() => sockets[0]?.onclose?.({}));
    act(() => socket.restart());
    await flush();
    act(() => sockets.at(-1)?.onopen?.({}));
    await vi.waitFor(() => expect(container.textContent).toBe('open fetch 2'));
  });

  it('say closed, and deliver nothing, without a live channel (pages poll)', async () => {
    act(() => root.render(<Probe />));
    await flush();
    expect(container.textContent).toContain('closed');
    expect(seen).toEqual([]);
  });

  it("reads the pipeline again when this tab's reply check updated a conversation, without a live channel", async () => {
    let pipelineReads = 0;
    const Pipeline = () => {
      const { data } = useSWR('GET /api/pipeline', () => {
        pipelineReads += 1;
        return `read ${pipelineReads}`;
      });
      return <p>{data}</p>;
    };
    act(() =>
      root.render(
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <LiveProvider socket={null}>
            <Pipeline />
          </LiveProvider>
        </SWRConfig>,
      ),
    );
    await flush();
    expect(container.textContent).toBe('read 1');
    act(() => raiseWindowEvent('conversation-updated', { conversationId: 'v1', contactId: 'c1' }));
    await vi.waitFor(() => expect(container.textContent).toBe('read 2'));
  });
});
