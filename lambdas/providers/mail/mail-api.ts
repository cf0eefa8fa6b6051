import type { MailProvider } from '../../../shared/schemas/mailboxes.js';
import { lazyPort } from '../lazy-client.js';
import type { MailApi } from './port.js';
import { readMailSettings } from './settings.js';

const mailApiMethods = {
  send: true,
  findSent: true,
  currentCursor: true,
  changesSince: true,
  threadMessages: true,
  watch: true,
  unwatch: true,
} as const;

/**
 * Sending and reading both kinds of mailbox from the Lambda's environment (settings.ts names the variables: the Gmail
 * API's and Graph's base URLs), built once per Lambda and passed in (STYLE §10). The settings are read at once (a
 * malformed one fails the cold start, naming its variable). Each adapter (gmail-mail.ts, graph-mail.ts, and the MIME
 * and message code they share) is imported on its provider's first call: a mailbox is Gmail or Outlook, so a cold
 * start reads neither, and a Lambda instance the one its mailboxes need; the Gmail and Graph clients, nodemailer and
 * its address parser load later still, on first use.
 */
export const createMailApis = (env: NodeJS.ProcessEnv = process.env): Record<MailProvider, MailApi> => {
  const { google, microsoft } = readMailSettings(env);
  return {
    gmail: lazyPort<MailApi>({ provider: 'gmail' }, mailApiMethods, async () =>
      (await import('./gmail-mail.js')).gmailMailApi(google),
    ),
    outlook: lazyPort<MailApi>({ provider: 'outlook' }, mailApiMethods, async () =>
      (await import('./graph-mail.js')).graphMailApi(microsoft),
    ),
  };
};
