import { type ReactNode, useEffect, useState } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { onSessionEnd } from '@/modules/auth/state/sessionEvents';

/** A cache of server data for one session: SWR's own state (requests under way, mutations) lives with its cache. */
const newCache = () => new Map();

export type SessionCacheProps = { options: SWRConfiguration; children: ReactNode };

/**
 * SWR for the signed-in person (SPEC §4 'Logout': caches are cleared; 'A user switch clears caches'): when a session
 * ends, what is below starts again on a new, empty cache. Emptying the old one is not enough: SWR keeps the marker of
 * a request under way when a mutation does not revalidate, so the next person's read of the same key (within the
 * dedupe interval, 5 min for the quota) joined the last person's finished request and was then thrown away, leaving
 * the dashboard's slots loading, or the last person's.
 */
export const SessionCache = ({ options, children }: SessionCacheProps) => {
  const [generation, setGeneration] = useState(0);
  useEffect(() => onSessionEnd(() => setGeneration((current) => current + 1)), []);
  return (
    <SWRConfig key={generation} value={{ ...options, provider: newCache }}>
      {children}
    </SWRConfig>
  );
};
