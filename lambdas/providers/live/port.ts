import type { LiveEvent } from '../../../shared/live-events.js';

/**
 * The live port (DESIGN §8): pushes an event to every open connection of a user. Best effort: a user with no open tab
 * receives nothing (pages poll), a gone connection is forgotten; it never throws for a delivery that failed.
 */
export type LivePort = {
  publish: (userId: string, event: LiveEvent) => Promise<void>;
};

/**
 * Closes every open connection of a user at once (a deleted account: DESIGN §6), forgetting each; a connection gone
 * already counts as closed. Answers how many were open.
 */
export type LiveCloser = {
  closeAll: (userId: string) => Promise<number>;
};
