import type { LiveEvent } from '@shared/live-events';
import type { AppWindowEvent } from '@/lib/windowEvents';

/** A change of drafts, as the live channel says it (another tab, the server) or as this tab's window events do. */
export type DraftChange = Extract<LiveEvent, { type: 'draft.saved' | 'draft.deleted' | 'draft.primaryCleared' }>;

/** SPEC §4 'App events': the window event this tab raises for each kind of draft change. */
export const draftWindowEvents = {
  'draft-saved': 'draft.saved',
  'draft-deleted': 'draft.deleted',
  'primary-draft-cleared': 'draft.primaryCleared',
} as const satisfies Partial<Record<AppWindowEvent, DraftChange['type']>>;

export const isDraftChange = (event: LiveEvent): event is DraftChange =>
  event.type === 'draft.saved' || event.type === 'draft.deleted' || event.type === 'draft.primaryCleared';

let generating = false;
let skipped: DraftChange[] = [];
const endListeners = new Set<(skipped: readonly DraftChange[]) => void>();

/**
 * SPEC §4 'Draft': "Draft cache updates on draft-saved, draft-deleted and primary-draft-cleared are skipped while any
 * generation runs." Whoever knows of this tab's generations (the Outreach module's generation state) says when one
 * runs; when none runs any more, the listeners of {@link onGenerationEnd} revalidate the drafts once.
 */
export const setGenerationRunning = (running: boolean) => {
  if (running === generating) return;
  generating = running;
  if (running) return;
  const changes = skipped;
  skipped = [];
  for (const listener of endListeners) listener(changes);
};

export const isGenerationRunning = () => generating;

/** Whether the cache update of `change` waits for the generation's end (it is remembered); false: update now. */
export const skipWhileGenerating = (change: DraftChange) => {
  if (!generating) return false;
  skipped.push(change);
  return true;
};

/** Calls `listener` with the changes skipped meanwhile whenever this tab's generations end. */
export const onGenerationEnd = (listener: (skipped: readonly DraftChange[]) => void) => {
  endListeners.add(listener);
  return () => {
    endListeners.delete(listener);
  };
};
