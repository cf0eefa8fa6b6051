import { calendarContentTypes, cutBody } from './message-fields.js';
import type { OutgoingMail } from './port.js';

/** nodemailer's MIME composer: imported on the first send, so no Lambda pays for it at cold start. */
const loadComposer = () => import('nodemailer/lib/mail-composer');
/** mailparser (nodemailer's parsing counterpart): imported with the first message read as MIME. */
const loadParser = () => import('mailparser');

/** RFC 5322 §3.6.8: a field name is printable US-ASCII but the colon. */
const fieldName = /^[!-9;-~]+$/;

/** Headers the message's own fields set; an extra header may not replace them. */
const ownHeaders = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'message-id',
  'in-reply-to',
  'references',
  'date',
  'content-type',
  'content-transfer-encoding',
  'mime-version',
]);

const address = (email: string, name: string | undefined) => (name ? { name, address: email } : email);

/**
 * The RFC 5322 message of an e-mail, as the Gmail API (`raw`) and Graph (`sendMail` as MIME) take it, built by
 * nodemailer's MailComposer: names and subject encoded as RFC 2047 words where they are not ASCII, the body as UTF-8
 * text/plain, the caller's Message-ID, In-Reply-To and References kept (threading, and `findSent` after a retry),
 * attachments as parts of a multipart/mixed message, a meeting's calendar as the text's text/calendar alternative,
 * every line ending with CRLF. Every header value has its line breaks folded away by
 * MailComposer, so a subject or name carrying CR/LF cannot add a header. Content is never read from a path or URL.
 */
export const buildMime = async (mail: OutgoingMail): Promise<Buffer> => {
  const extra = Object.entries(mail.headers ?? {});
  for (const [name] of extra) {
    if (!fieldName.test(name) || ownHeaders.has(name.toLowerCase())) {
      throw new Error(`Not an extra header an e-mail may carry: ${JSON.stringify(name)}`);
    }
  }
  const { default: MailComposer } = await loadComposer();
  const composer = new MailComposer({
    from: address(mail.from, mail.fromName),
    to: address(mail.to, mail.toName),
    subject: mail.subject,
    text: mail.body,
    messageId: mail.messageId,
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references?.length ? { references: mail.references } : {}),
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.fileName,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.content),
    })),
    // RFC 6047 §2.4 / MS-OXCMAIL: multipart/alternative of the text and the text/calendar part (its method as a
    // parameter), inside multipart/mixed with the same calendar attached as a file
    ...(mail.calendar
      ? {
          icalEvent: {
            method: mail.calendar.method,
            filename: mail.calendar.fileName,
            content: mail.calendar.content,
          },
        }
      : {}),
    headers: Object.fromEntries(extra),
    // RFC 5322 §2.3 and RFC 5545 §3.1: every line of every text part ends with CRLF, whatever the text was written with
    newline: 'windows',
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
};

/**
 * The text of the first iCalendar part of an RFC 5322 message (port.ts `MailboxMessage.calendar`), inline or attached,
 * or undefined when it has none: for a provider that answers a message's MIME but not its parts (Graph's `/$value`).
 * mailparser undoes the transfer encoding; the text is decoded by the part's charset (RFC 5545: UTF-8 by default) and
 * cut to the body's bound. The rest of the message (its text, its HTML) is not turned into anything.
 */
export const calendarOfMime = async (raw: Buffer): Promise<string | undefined> => {
  const { simpleParser } = await loadParser();
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const part = parsed.attachments.find((attachment) => calendarContentTypes.has(attachment.contentType.toLowerCase()));
  if (!part) return undefined;
  const contentType = part.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  try {
    return cutBody(new TextDecoder(contentType?.params?.charset ?? 'utf-8').decode(part.content));
  } catch {
    return cutBody(part.content.toString('utf8'));
  }
};
