import { useEffect, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { LiveContext } from './context';
import type { LiveSocket } from './liveSocket';
import { staleKeys } from './revalidate';

export type LiveProviderProps = { socket: LiveSocket | null; children: ReactNode };

/**
 * Runs the tab's live channel while mounted (signed-in pages only) and gives it to {@link useLiveEvent} and
 * {@link useLiveStatus}; every event also revalidates the SWR answers it makes stale.
 */
export const LiveProvider = ({ socket, children }: LiveProviderProps) => {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!socket) return;
    const stopRevalidating = socket.onAny((event) => void mutate(staleKeys(event)));
    socket.start();
    return () => {
      stopRevalidating();
      socket.stop();
    };
  }, [socket, mutate]);
  return <LiveContext.Provider value={socket}>{children}</LiveContext.Provider>;
};
