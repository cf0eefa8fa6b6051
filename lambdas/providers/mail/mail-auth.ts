import type { MailProvider } from '../../../shared/schemas/mailboxes.js';
import { lambdaExtensionSecret } from '../../core/secrets.js';
import { createGoogleOAuthClient, googleMailAuth } from './google.js';
import { microsoftMailAuth } from './microsoft.js';
import type { MailAuth } from './port.js';
import { readMailSettings } from './settings.js';

/**
 * Both mailbox sign-ins from the Lambda's environment (settings.ts names the variables), built once per Lambda and
 * passed in (STYLE §10). Nothing is imported or read until a sign-in needs it; a provider whose client id is not
 * configured fails then, naming the variable, while the other keeps working.
 */
export const createMailAuths = (
  env: NodeJS.ProcessEnv = process.env,
  readSecret: (name: string) => () => Promise<string> = lambdaExtensionSecret,
): Record<MailProvider, MailAuth> => {
  const settings = readMailSettings(env);
  return {
    gmail: googleMailAuth(settings.google, createGoogleOAuthClient(settings.google, readSecret)),
    outlook: microsoftMailAuth(settings.microsoft, readSecret),
  };
};
