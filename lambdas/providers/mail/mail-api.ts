import type { MailProvider } from '../../../shared/schemas/mailboxes.js';
import { gmailMailApi } from './gmail-mail.js';
import { graphMailApi } from './graph-mail.js';
import type { MailApi } from './port.js';
import { readMailSettings } from './settings.js';

/**
 * Sending and reading both kinds of mailbox from the Lambda's environment (settings.ts names the variables: the Gmail
 * API's and Graph's base URLs), built once per Lambda and passed in (STYLE §10). Nothing is imported until a call
 * needs it: the Gmail and Graph clients, nodemailer and its address parser load on first use.
 */
export const createMailApis = (env: NodeJS.ProcessEnv = process.env): Record<MailProvider, MailApi> => {
  const settings = readMailSettings(env);
  return { gmail: gmailMailApi(settings.google), outlook: graphMailApi(settings.microsoft) };
};
