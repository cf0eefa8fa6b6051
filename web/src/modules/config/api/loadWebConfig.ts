import { parseWebConfig } from './parseWebConfig';

/** Why the app could not start: the runtime configuration is missing, unreachable or malformed. */
export class WebConfigError extends Error {
  override readonly name = 'WebConfigError';
}

export type LoadWebConfigOptions = {
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default '/config.json' */
  url?: string;
};

/**
 * Reads `GET /config.json` (DESIGN §1 "Paths": written by the deploy, served by the local stack) and validates it
 * (STYLE §7, against the contract of shared/web-config.ts: {@link parseWebConfig}) before anything else runs, so a
 * broken deploy fails loudly at boot rather than at the first sign-in.
 */
export const loadWebConfig = async ({ fetch: fetchFn = fetch, url = '/config.json' }: LoadWebConfigOptions = {}) => {
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch (cause) {
    throw new WebConfigError(`Could not reach ${url}`, { cause });
  }
  if (!response.ok) throw new WebConfigError(`${url} answered ${response.status}`);

  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new WebConfigError(`${url} is not JSON`, { cause });
  }

  const parsed = parseWebConfig(body);
  if (!parsed.success) throw new WebConfigError(`${url} is invalid: ${parsed.invalidFields.join(', ')}`);
  return parsed.data;
};
