import type { MailProvider } from '../../../shared/schemas/mailboxes.js';
import { lambdaExtensionSecret } from '../../core/secrets.js';
import { lazyPort } from '../lazy-client.js';
import type { MailAuth } from './port.js';
import { googleScopes, microsoftScopes } from './scopes.js';
import { readMailSettings } from './settings.js';

const mailAuthMethods = { start: true, exchangeCode: true, refresh: true, mailboxAddress: true, revoke: true } as const;

/**
 * Both mailbox sign-ins from the Lambda's environment (settings.ts names the variables), built once per Lambda and
 * passed in (STYLE §10). Nothing is imported or read until a sign-in needs it: each adapter (google.ts, microsoft.ts)
 * comes with its provider's first call, as the mail APIs do (mail-api.ts); a provider whose client id is not
 * configured fails then, naming the variable, while the other keeps working.
 */
export const createMailAuths = (
  env: NodeJS.ProcessEnv = process.env,
  readSecret: (name: string) => () => Promise<string> = lambdaExtensionSecret,
): Record<MailProvider, MailAuth> => {
  const { google, microsoft } = readMailSettings(env);
  return {
    gmail: lazyPort<MailAuth>({ provider: 'gmail', scopes: googleScopes }, mailAuthMethods, async () => {
      const { createGoogleOAuthClient, googleMailAuth } = await import('./google.js');
      return googleMailAuth(google, createGoogleOAuthClient(google, readSecret));
    }),
    outlook: lazyPort<MailAuth>({ provider: 'outlook', scopes: microsoftScopes }, mailAuthMethods, async () =>
      (await import('./microsoft.js')).microsoftMailAuth(microsoft, readSecret),
    ),
  };
};
