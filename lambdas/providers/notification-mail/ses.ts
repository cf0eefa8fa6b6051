import type { SESv2Client, SESv2ClientConfig } from '@aws-sdk/client-sesv2';
import * as z from 'zod/mini';
import { LazyClient } from '../lazy-client.js';
import { vendorLimits } from '../vendor-limits.js';
import type { NotificationMail, NotificationMailer } from './port.js';

/** The SES v2 SDK, imported when an e-mail is first sent. */
const loadSdk = () => import('@aws-sdk/client-sesv2');

/**
 * The SES v2 client of a Lambda, built once (STYLE §10), on first use. The endpoint comes from
 * `AWS_ENDPOINT_URL_SESV2` when set (the sandbox's SESv2 subset locally). One attempt per call: SendEmail has no
 * idempotency key (lambdas/providers/vendor-limits.ts `ses`).
 */
export const createSesClient = (config: SESv2ClientConfig = {}) =>
  new LazyClient(
    async () =>
      new (await loadSdk()).SESv2Client({
        maxAttempts: 1,
        requestHandler: { requestTimeout: vendorLimits.ses.attemptTimeoutMs },
        ...config,
      }),
  );

/**
 * What SendEmail answers.
 * @link https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html
 */
const sendEmailResponseSchema = z.object({ MessageId: z.string().check(z.minLength(1)) });

/**
 * The notification-mail port over SES v2 `SendEmail` with Simple content: SES builds the MIME message (text and HTML
 * alternatives, UTF-8), and the RFC 8058 headers go in `Headers` (SES takes custom headers on simple messages; each
 * of `List-Unsubscribe` and `List-Unsubscribe-Post` may appear once).
 * @link https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_Message.html
 * @link https://docs.aws.amazon.com/ses/latest/dg/header-fields.html
 */
export const sesMailer = (client: LazyClient<SESv2Client>, sender: string): NotificationMailer => ({
  send: async (mail: NotificationMail) => {
    const [{ SendEmailCommand }, ses] = await Promise.all([loadSdk(), client.get()]);
    const utf8 = (data: string) => ({ Data: data, Charset: 'UTF-8' });
    const answer = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: sender,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: utf8(mail.subject),
            Body: { Text: utf8(mail.text), Html: utf8(mail.html) },
            Headers: [
              { Name: 'List-Unsubscribe', Value: `<${mail.unsubscribeUrl}>` },
              { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
            ],
          },
        },
      }),
    );
    return { messageId: sendEmailResponseSchema.parse(answer).MessageId };
  },
});

/** The notification mailer of a Lambda: SES as `NOTIFICATION_SENDER`; null when the stage configures no sender. */
export const createNotificationMailer = (sender: string | undefined): NotificationMailer | null =>
  sender ? sesMailer(createSesClient(), sender) : null;
