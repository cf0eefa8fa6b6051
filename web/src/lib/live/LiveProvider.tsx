import { useEffect, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { onWindowEvent } from '@/lib/windowEvents';
import { LiveContext } from './context';
import {
  type DraftChange,
  draftWindowEvents,
  isDraftChange,
  onGenerationEnd,
  skipWhileGenerating,
} from './draftUpdates';
import type { LiveSocket } from './liveSocket';
import { draftKeys, missedKeys, staleKeys } from './revalidate';

export type LiveProviderProps = { socket: LiveSocket | null; children: ReactNode };

/**
 * Runs the tab's live channel while mounted (signed-in pages only) and gives it to {@link useLiveEvent} and
 * {@link useLiveStatus}; every event also revalidates the SWR answers it makes stale, and a socket that reopens after
 * a drop (API Gateway closes idle ones after 10 minutes) revalidates what events it may have missed would touch.
 * A change of drafts or of a conversation, told by the live channel or by this tab's window events (SPEC §4 'App
 * events'), revalidates the same way (drafts: except while a generation runs in this tab: then they are read again once it ends, SPEC §4 'Draft').
 */
export const LiveProvider = ({ socket, children }: LiveProviderProps) => {
  const { mutate } = useSWRConfig();

  useEffect(() => {
    const changed = (change: DraftChange) => {
      if (!skipWhileGenerating(change)) void mutate(staleKeys(change));
    };
    const stops = [
      onWindowEvent('draft-saved', (data) => changed({ type: draftWindowEvents['draft-saved'], data })),
      onWindowEvent('draft-deleted', (data) => changed({ type: draftWindowEvents['draft-deleted'], data })),
      onWindowEvent('primary-draft-cleared', (data) =>
        changed({ type: draftWindowEvents['primary-draft-cleared'], data }),
      ),
      onWindowEvent('conversation-updated', (data) => void mutate(staleKeys({ type: 'conversation.updated', data }))),
      onGenerationEnd(
        (skipped) => void mutate((key) => draftKeys(key) || skipped.some((change) => staleKeys(change)(key))),
      ),
    ];
    if (socket) {
      stops.push(
        socket.onAny((event) => {
          if (isDraftChange(event)) changed(event);
          else void mutate(staleKeys(event));
        }),
      );
      let wasOpen = false;
      stops.push(
        socket.onStatus((status) => {
          if (status !== 'open') return;
          if (wasOpen) void mutate(missedKeys);
          wasOpen = true;
        }),
      );
      socket.start();
    }
    return () => {
      for (const stop of stops) stop();
      socket?.stop();
    };
  }, [socket, mutate]);
  return <LiveContext.Provider value={socket}>{children}</LiveContext.Provider>;
};
