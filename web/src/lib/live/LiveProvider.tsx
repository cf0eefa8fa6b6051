import { useEffect, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { LiveContext } from './context';
import type { LiveSocket } from './liveSocket';
import { missedKeys, staleKeys } from './revalidate';

export type LiveProviderProps = { socket: LiveSocket | null; children: ReactNode };

/**
 * Runs the tab's live channel while mounted (signed-in pages only) and gives it to {@link useLiveEvent} and
 * {@link useLiveStatus}; every event also revalidates the SWR answers it makes stale, and a socket that reopens after
 * a drop (API Gateway closes idle ones after 10 minutes) revalidates what events it may have missed would touch.
 */
export const LiveProvider = ({ socket, children }: LiveProviderProps) => {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!socket) return;
    const stopRevalidating = socket.onAny((event) => void mutate(staleKeys(event)));
    let wasOpen = false;
    const stopWatching = socket.onStatus((status) => {
      if (status !== 'open') return;
      if (wasOpen) void mutate(missedKeys);
      wasOpen = true;
    });
    socket.start();
    return () => {
      stopRevalidating();
      stopWatching();
      socket.stop();
    };
  }, [socket, mutate]);
  return <LiveContext.Provider value={socket}>{children}</LiveContext.Provider>;
};
