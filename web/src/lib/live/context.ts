import { createContext } from 'react';
import type { LiveSocket } from './liveSocket';

/** The tab's live channel; null outside <LiveProvider> (or without a socket URL): pages then poll. */
export const LiveContext = createContext<LiveSocket | null>(null);
