import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveEventType } from '@shared/live-events';
import { LiveContext } from './context';
import type { LiveHandler, LiveStatus } from './liveSocket';

export { LiveProvider } from './LiveProvider';
export { createLiveSocket, type LiveSocket, type LiveStatus } from './liveSocket';
export { isGenerationRunning, setGenerationRunning } from './draftUpdates';

const noSubscription = () => () => {};

/**
 * Calls `handler` with the data of every live event of `type` (DESIGN §8) while mounted; the latest handler is
 * called, so it need not be memoized. Outside a live channel nothing arrives: pair it with {@link useLiveStatus}.
 */
export const useLiveEvent = <K extends LiveEventType>(type: K, handler: LiveHandler<K>) => {
  const socket = useContext(LiveContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => socket?.on(type, (data) => latest.current(data)), [socket, type]);
};

/** 'open' while events arrive, 'closed' otherwise: pages poll while it is closed. */
export const useLiveStatus = (): LiveStatus => {
  const socket = useContext(LiveContext);
  return useSyncExternalStore(
    socket ? socket.onStatus : noSubscription,
    () => socket?.status() ?? 'closed',
    () => 'closed',
  );
};
