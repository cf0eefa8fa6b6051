import { isApiError } from '@/lib/http/ApiError';
import type { EmailConnection } from '../api/emailConnectionsApi';
import { emailConnectionTimings } from '../emailConnectionTimings';

export type LoadDefaultConnectionOptions = {
  /** @default 3 (SPEC §9 'Connection fetch') */
  attempts?: number;
  /** @default 2000 */
  gapMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Worth another attempt: no answer, a timeout or a server error; a 4xx answers the same next time. */
const transient = (error: unknown) =>
  !isApiError(error) || error.status === 0 ? !(isApiError(error) && error.code === 'cancelled') : error.status >= 500;

/**
 * SPEC §4 'Initialisation': the default connection in up to 3 attempts 2 s apart; null when the server has none (a
 * 404 ends the attempts at once: it would answer the same). Other failures after the last attempt are thrown.
 */
export const loadDefaultConnection = async (
  fetchDefault: () => Promise<EmailConnection>,
  {
    attempts = emailConnectionTimings.fetchAttempts,
    gapMs = emailConnectionTimings.fetchGapMs,
    sleep = defaultSleep,
  }: LoadDefaultConnectionOptions = {},
): Promise<EmailConnection | null> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetchDefault();
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      if (attempt >= attempts || !transient(error)) throw error;
    }
    await sleep(gapMs);
  }
};
