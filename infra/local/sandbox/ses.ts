import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import * as z from 'zod';
import { mailStoreOf, sandboxMailDomain } from './mail-store.js';
import type { SandboxResponse, SandboxVendor } from './router.js';

/**
 * Amazon SES v2's `SendEmail` (DESIGN §9 'Notification e-mails'), the subset the notification mailer calls
 * (lambdas/providers/notification-mail/ses.ts): the SDK is pointed here by `AWS_ENDPOINT_URL_SESV2`. What SES would
 * refuse is refused with SES's error types and texts (restJson: `x-amzn-ErrorType` and `{message}`); what it accepts
 * is built into the MIME message SES would send and delivered to the sandbox mail under each recipient's address,
 * where the mail page shows it (with "Show original").
 * @link https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html
 */

/** The sandbox account's one verified identity: the local stack's `NOTIFICATION_SENDER`. */
export const sandboxNotificationSender = `notifications@${sandboxMailDomain}`;

/** SES quotas and rules the sandbox holds to (https://docs.aws.amazon.com/ses/latest/dg/quotas.html). */
export const sesLimits = {
  /** recipients (To, Cc and Bcc together) per message */
  recipients: 50,
  /** the whole message, after SES's encoding: 40 MB (SES API v2) */
  messageBytes: 40 * 1024 * 1024,
  /** custom headers of a simple message */
  headers: 15,
  headerName: 126,
  headerValue: 995,
  /** name and value together */
  headerLine: 996,
};

/**
 * Header fields that appear once (https://docs.aws.amazon.com/ses/latest/dg/header-fields.html) and that SES writes
 * itself on a simple message: a custom header of one of these names would make it appear twice.
 */
const composedBySes = [
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'reply-to',
];

const contentSchema = z.object({ Data: z.string(), Charset: z.string().optional() });
const sendEmailSchema = z.object({
  FromEmailAddress: z.string().optional(),
  Destination: z
    .object({
      ToAddresses: z.array(z.string()).optional(),
      CcAddresses: z.array(z.string()).optional(),
      BccAddresses: z.array(z.string()).optional(),
    })
    .optional(),
  ReplyToAddresses: z.array(z.string()).optional(),
  Content: z.object({
    Simple: z
      .object({
        Subject: contentSchema,
        Body: z.object({ Text: contentSchema.optional(), Html: contentSchema.optional() }),
        Headers: z.array(z.object({ Name: z.string(), Value: z.string() })).optional(),
      })
      .optional(),
    Raw: z.object({ Data: z.string() }).optional(),
    Template: z.unknown().optional(),
  }),
});

const sesError = (status: number, type: string, message: string): SandboxResponse => ({
  status,
  headers: { 'x-amzn-ErrorType': type },
  json: { message },
});
const badRequest = (message: string) => sesError(400, 'BadRequestException', message);

const printable = /^[\x21-\x39\x3b-\x7e]+$/;
const printableValue = /^[\x20-\x7e]*$/;

export const sesVendor: SandboxVendor = {
  name: 'ses',
  summary: 'Amazon SES v2 SendEmail (POST /v2/email/outbound-emails), into the sandbox mail',
  register: (router, context) => {
    router.post('/v2/email/outbound-emails', async (request) => {
      // SES answers an unsigned request 403 before looking at it
      if (!String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        return sesError(403, 'UnrecognizedClientException', 'The security token included in the request is invalid.');
      }
      const parsed = sendEmailSchema.safeParse(request.json());
      if (!parsed.success) return badRequest(`Invalid request: ${parsed.error.issues[0]?.message ?? 'malformed'}`);
      const input = parsed.data;
      const kinds = [input.Content.Simple, input.Content.Raw, input.Content.Template].filter(Boolean);
      if (kinds.length !== 1) return badRequest('Content must contain exactly one of Simple, Raw or Template.');
      if (!input.Content.Simple) return badRequest('The sandbox sends Simple content only.');
      const from = input.FromEmailAddress?.trim().toLowerCase();
      if (!from) return badRequest('Missing required parameter FromEmailAddress.');
      if (from !== sandboxNotificationSender) {
        return sesError(
          400,
          'MessageRejected',
          `Email address is not verified. The following identities failed the check in region US-EAST-1: ${from}`,
        );
      }
      const to = input.Destination?.ToAddresses ?? [];
      const cc = input.Destination?.CcAddresses ?? [];
      const bcc = input.Destination?.BccAddresses ?? [];
      const recipients = [...to, ...cc, ...bcc];
      if (recipients.length === 0) return badRequest('Missing required parameter Destination.');
      if (recipients.length > sesLimits.recipients) return badRequest('Recipient count exceeds 50.');
      const simple = input.Content.Simple;
      if (!simple.Body.Text && !simple.Body.Html) return badRequest('The message body must contain Text or Html.');
      const headers = simple.Headers ?? [];
      if (headers.length > sesLimits.headers) return badRequest(`Headers: at most ${sesLimits.headers} headers.`);
      const seen = new Set<string>();
      for (const header of headers) {
        const name = header.Name.toLowerCase();
        if (!printable.test(header.Name) || header.Name.length > sesLimits.headerName)
          return badRequest(`Invalid header name: ${header.Name.slice(0, 130)}`);
        if (
          !printableValue.test(header.Value) ||
          header.Value.length > sesLimits.headerValue ||
          header.Name.length + header.Value.length > sesLimits.headerLine
        )
          return badRequest(`Invalid value of header ${header.Name}`);
        if (composedBySes.includes(name) || seen.has(name))
          return badRequest(`Header ${header.Name} may appear only once in a message.`);
        seen.add(name);
      }
      const raw = await new MailComposer({
        from,
        to,
        cc,
        bcc,
        replyTo: input.ReplyToAddresses,
        subject: simple.Subject.Data,
        ...(simple.Body.Text ? { text: simple.Body.Text.Data } : {}),
        ...(simple.Body.Html ? { html: simple.Body.Html.Data } : {}),
        headers: headers.map((header) => ({ key: header.Name, value: header.Value })),
        messageId: `<${crypto.randomUUID()}@email.amazonses.com>`,
      })
        .compile()
        .build();
      if (raw.length > sesLimits.messageBytes) {
        return sesError(400, 'MessageRejected', 'Message length is more than 40 megabytes.');
      }
      const store = mailStoreOf(context);
      // every recipient gets the mail in its own sandbox mailbox, whether or not it ever used a mail API
      for (const address of recipients) store.mailbox(address);
      const copy = await store.submit(raw);
      return { json: { MessageId: copy.internetMessageId.replace(/^<|>$/g, '') } };
    });
  },
};
