import { messages } from '@shared/messages';

export type RequestKind = 'read' | 'mutation';

/**
 * The text shown for a failed call (SPEC §8 'Statuses'): fixed texts for 401, 403 (read or mutation wording), 404, 429
 * and 5xx; for a mutation's 400, 409 and 422 the server's own text (its 4xx messages are safe to show, STYLE §8), else
 * the catalogue's; anything else the server's text or 'API request failed with status: {status}'.
 */
export const errorMessage = (status: number, kind: RequestKind, serverMessage?: string) => {
  if (status === 401) return messages.status[401];
  if (status === 403) return kind === 'mutation' ? messages.status['403mutation'] : messages.status[403];
  if (status === 404) return messages.status[404];
  if (status === 429) return messages.status[429];
  if (status >= 500) return messages.status[500];
  if (kind === 'mutation' && (status === 400 || status === 409 || status === 422))
    return serverMessage || messages.status[status];
  return serverMessage || `API request failed with status: ${status}`;
};
