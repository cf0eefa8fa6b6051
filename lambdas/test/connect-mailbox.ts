import { expect } from 'vitest';
import { consentInSandbox } from '../../infra/local/sandbox/oauth-consent.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import { callRoute, dataOf } from './call-route.js';

/** The origin the web's sign-in pages are served from, as the local stack's CORS setting allows it. */
export const webOrigin = 'http://localhost:5173';

/**
 * Connects a mailbox as the web does: the sign-in's start, the sandbox's consent page as `email`, the public callback.
 * `scopes` replaces what the app asks the provider for (a consent that grants less). Answers the connection's id.
 */
export const connectMailbox = async (
  claims: Record<string, unknown>,
  options: { provider: MailProvider; email: string; scopes?: readonly string[] },
) => {
  const { provider, email, scopes } = options;
  const init = await dataOf(
    callRoute('POST /api/email-connections/oauth/init', { claims, body: { provider, origin: webOrigin } }),
  );
  const authUrl = new URL(init.authUrl);
  if (scopes) authUrl.searchParams.set('scope', scopes.join(' '));
  const redirect = await consentInSandbox(authUrl.href, { email });
  const callback = await callRoute('POST /api/email-connections/oauth/callback-public', {
    body: { provider, code: redirect.code!, state: redirect.state!, origin: webOrigin },
  });
  expect(callback.status, callback.raw).toBe(200);
  return callback.json.data.connection.id as string;
};
