import { act } from 'react';
import type { LiveEvent } from '@shared/live-events';
import type { LiveSocket, LiveStatus } from '@/lib/live';

/**
 * A live channel the test speaks for: `send` delivers an event to the handlers of its type and to the provider's
 * revalidation, `setStatus` opens or drops it.
 */
export const fakeLiveSocket = (initial: LiveStatus = 'open') => {
  let status: LiveStatus = initial;
  const typed = new Map<string, Set<(data: unknown) => void>>();
  const any = new Set<(event: LiveEvent) => void>();
  const statusListeners = new Set<(next: LiveStatus) => void>();
  const socket: LiveSocket = {
    start: () => {},
    stop: () => {},
    restart: () => {},
    status: () => status,
    onStatus: (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    on: (type, handler) => {
      const set = typed.get(type) ?? new Set();
      typed.set(type, set);
      set.add(handler as (data: unknown) => void);
      return () => set.delete(handler as (data: unknown) => void);
    },
    onAny: (handler) => {
      any.add(handler);
      return () => any.delete(handler);
    },
  };
  return {
    socket,
    send: (event: LiveEvent) =>
      act(() => {
        for (const handler of typed.get(event.type) ?? []) handler(event.data);
        for (const handler of any) handler(event);
      }),
    setStatus: (next: LiveStatus) =>
      act(() => {
        status = next;
        for (const listener of statusListeners) listener(next);
      }),
  };
};
