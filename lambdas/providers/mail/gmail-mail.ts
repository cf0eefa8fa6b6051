import type { gmail_v1 } from '@googleapis/gmail';
import * as z from 'zod/mini';
import type { LazyClient } from '../lazy-client.js';
import type { RetryPolicy } from '../retry.js';
import { mailApiFailure } from './failures.js';
import { createGmailClient } from './google.js';
import {
  allAddresses,
  calendarContentTypes,
  cutBody,
  firstMailbox,
  headerValue,
  messageIdsIn,
  pickHeaders,
  textOfHtml,
} from './message-fields.js';
import { buildMime } from './mime.js';
import { type MailApi, MailApiFailure, type MailboxMessage, type SentMail } from './port.js';
import { type GoogleMailSettings, mailApiFetch, mailApiPolicy } from './settings.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/** A page of `history.list`: Gmail's largest. */
const historyPageSize = 500;
/** The most pages one `changesSince` reads, whatever its limit: the rest waits for the next call. */
const maxHistoryPages = 10;
/** Messages fetched at once after a page of history. */
const fetchConcurrency = 5;

/**
 * A failed gaxios request: the answer's status, headers and body, when there was an answer.
 * @link https://developers.google.com/workspace/gmail/api/guides/handle-errors
 */
const gaxiosErrorSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    response: z.object({ status: z.number(), headers: z.optional(z.unknown()), data: z.optional(z.unknown()) }),
  }),
);
const gmailErrorSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    error: z.object({
      status: z.optional(z.string()),
      errors: z.optional(z.array(z.object({ reason: z.optional(z.string()) }))),
    }),
  }),
);

const headerOf = (headers: unknown, name: string): string | null => {
  if (headers instanceof Headers) return headers.get(name);
  if (headers && typeof headers === 'object') {
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : null;
  }
  return null;
};

/** What a failed Gmail call means for the caller (failures.ts `mailApiFailure`). */
export const gmailFailure = (error: unknown) => {
  if (error instanceof MailApiFailure) return error;
  const answer = gaxiosErrorSchema.safeParse(error).data?.response;
  const body = gmailErrorSchema.safeParse(answer?.data).data?.error;
  return mailApiFailure('Gmail', {
    status: answer?.status,
    reason: body?.errors?.[0]?.reason ?? body?.status,
    retryAfter: headerOf(answer?.headers, 'retry-after'),
  });
};

const headerSchema = /* @__PURE__ */ lazySchema(() => z.object({ name: z.string(), value: z.string() }));

/**
 * One MIME part of a message as `messages.get` (format `full`) answers it: its headers, its body (base64url data,
 * decoded from its transfer encoding), its child parts.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages#MessagePart
 */
type GmailPart = {
  mimeType?: string | undefined;
  filename?: string | undefined;
  headers?: { name: string; value: string }[] | undefined;
  body?: { data?: string | undefined; attachmentId?: string | undefined } | undefined;
  parts?: GmailPart[] | undefined;
};
const partSchema: z.ZodMiniType<GmailPart> = /* @__PURE__ */ lazySchema(() =>
  z.lazy(() =>
    z.object({
      mimeType: z.optional(z.string()),
      filename: z.optional(z.string()),
      headers: z.optional(z.array(headerSchema)),
      body: z.optional(z.object({ data: z.optional(z.string()), attachmentId: z.optional(z.string()) })),
      parts: z.optional(z.array(partSchema)),
    }),
  ),
);

/** @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages#Message */
const messageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    threadId: z.string().check(z.minLength(1)),
    /** ms since the epoch, as a string */
    internalDate: z.optional(z.string().check(z.regex(/^\d+$/))),
    payload: z.optional(partSchema),
  }),
);
type GmailMessage = z.infer<typeof messageSchema>;

/** `messages.send`, `messages.list` entries: ids only. */
const messageRefSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: z.string().check(z.minLength(1)), threadId: z.string().check(z.minLength(1)) }),
);

/** @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.history/list */
const historyPageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    history: z.optional(
      z.array(
        z.object({
          id: z.string().check(z.minLength(1)),
          messagesAdded: z.optional(z.array(z.object({ message: messageRefSchema }))),
        }),
      ),
    ),
    nextPageToken: z.optional(z.string()),
    historyId: z.optional(z.string().check(z.minLength(1))),
  }),
);

/** @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users/getProfile */
const profileSchema = /* @__PURE__ */ lazySchema(() => z.object({ historyId: z.string().check(z.minLength(1)) }));
/** @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users/watch */
const watchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ historyId: z.string().check(z.minLength(1)), expiration: z.string().check(z.regex(/^\d+$/)) }),
);
/** @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.threads/get */
const threadSchema = /* @__PURE__ */ lazySchema(() => z.object({ messages: z.optional(z.array(messageSchema)) }));

const parsed = <T>(schema: z.ZodMiniType<T>, data: unknown, what: string): T => {
  const result = schema.safeParse(data);
  if (!result.success) throw new MailApiFailure('unavailable', `Gmail answered ${what} of an unexpected shape`);
  return result.data;
};

const decodePart = (part: GmailPart) => {
  const bytes = Buffer.from(part.body?.data ?? '', 'base64url');
  const contentType = headerValue(part.headers ?? [], 'content-type') ?? '';
  const charset = /charset="?([\w.:-]+)"?/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
};

/** The first part of `mimeType` that is the message's text, not an attachment, depth first. */
const findPart = (part: GmailPart | undefined, mimeType: string): GmailPart | undefined => {
  if (!part) return undefined;
  if (part.mimeType?.toLowerCase() === mimeType && !part.filename && part.body?.data) return part;
  for (const child of part.parts ?? []) {
    const found = findPart(child, mimeType);
    if (found) return found;
  }
  return undefined;
};

/** A message's plain text: its text/plain part, else its text/html part as text; cut to the port's bound. */
const bodyOf = (payload: GmailPart | undefined) => {
  const plain = findPart(payload, 'text/plain');
  if (plain) return cutBody(decodePart(plain));
  const html = findPart(payload, 'text/html');
  return html ? cutBody(textOfHtml(decodePart(html))) : '';
};

/** The first iCalendar part of a message, depth first, inline or attached. */
const findCalendarPart = (part: GmailPart | undefined): GmailPart | undefined => {
  if (!part) return undefined;
  if (calendarContentTypes.has(part.mimeType?.toLowerCase() ?? '') && (part.body?.data || part.body?.attachmentId))
    return part;
  for (const child of part.parts ?? []) {
    const found = findCalendarPart(child);
    if (found) return found;
  }
  return undefined;
};

/**
 * The message's iCalendar text (port.ts `calendar`). Gmail answers a calendar part with its data, or, as it does for
 * parts it files as attachments, an attachmentId to read with `messages.attachments.get` (`attachment`).
 */
const calendarOf = async (
  payload: GmailPart | undefined,
  attachment: ((attachmentId: string) => Promise<string | undefined>) | undefined,
) => {
  const part = findCalendarPart(payload);
  if (!part) return undefined;
  if (part.body?.data) return cutBody(decodePart(part));
  if (!part.body?.attachmentId || !attachment) return undefined;
  const data = await attachment(part.body.attachmentId);
  return data === undefined ? undefined : cutBody(decodePart({ ...part, body: { data } }));
};

const receivedAt = (message: GmailMessage) => new Date(message.internalDate ? Number(message.internalDate) : 0);

/**
 * A Gmail message (format `full`) as the port's MailboxMessage; `attachment` reads an attachment's data (base64url) by
 * its id, for a calendar part Gmail answers without it.
 */
export const mailboxMessageOf = async (
  message: GmailMessage,
  attachment?: (attachmentId: string) => Promise<string | undefined>,
): Promise<MailboxMessage> => {
  const headers = message.payload?.headers ?? [];
  const calendar = await calendarOf(message.payload, attachment);
  return {
    providerMessageId: message.id,
    threadId: message.threadId,
    messageId: messageIdsIn(headerValue(headers, 'message-id'))[0] ?? null,
    inReplyTo: messageIdsIn(headerValue(headers, 'in-reply-to'))[0] ?? null,
    references: messageIdsIn(headerValue(headers, 'references')),
    from: await firstMailbox(headerValue(headers, 'from')),
    to: await allAddresses(headerValue(headers, 'to')),
    subject: headerValue(headers, 'subject') ?? '',
    body: bodyOf(message.payload),
    receivedAt: receivedAt(message),
    headers: pickHeaders(headers),
    ...(calendar === undefined ? {} : { calendar }),
  };
};

/** `<id@host>` as Gmail's `rfc822msgid:` search takes it: without the angle brackets. */
const searchableMessageId = (messageId: string) => messageId.replace(/^<|>$/g, '');

/** At most `concurrency` of `work` at once, results in order. */
const mapLimited = async <T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>) => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
};

/**
 * The mail port for Gmail (DESIGN §5) over `@googleapis/gmail`: the MIME message (mime.ts) sent as a media upload
 * (`message/rfc822` to the upload endpoint, which Gmail documents for messages up to 35 MB, so a résumé fits), replies
 * found with `history.list` (2 quota units for an idle mailbox) and read with `messages.get`, push by `users.watch`.
 * Each call carries the mailbox's access token in its own header (the client is shared by every user of the
 * Lambda) and goes through `mailApiFetch` (a send is never repeated inside the adapter). Errors are MailApiFailure
 * and never quote the request (it holds the token).
 */
export const gmailMailApi = (
  settings: GoogleMailSettings,
  gmail: LazyClient<gmail_v1.Gmail> = createGmailClient(settings),
  policy: RetryPolicy = mailApiPolicy,
): MailApi => {
  const fetcher = mailApiFetch(policy);
  const options = (accessToken: string) => ({
    headers: { Authorization: `Bearer ${accessToken}` },
    // the client's root URL does not reach a media upload's URL (the send): it is given with each call
    ...(settings.gmailBaseUrl ? { rootUrl: settings.gmailBaseUrl } : {}),
    retry: false,
    fetchImplementation: (input: string | URL | Request, init?: RequestInit) =>
      fetcher(input instanceof Request ? input.url : input, init),
  });

  const call = async <T>(
    work: (api: gmail_v1.Gmail) => Promise<{ data: unknown }>,
    schema: z.ZodMiniType<T>,
    what: string,
  ) => {
    const api = await gmail.get();
    let data: unknown;
    try {
      ({ data } = await work(api));
    } catch (error) {
      throw gmailFailure(error);
    }
    return parsed(schema, data, what);
  };

  const getMessage = (accessToken: string, id: string) =>
    call(
      (api) => api.users.messages.get({ userId: 'me', id, format: 'full' }, options(accessToken)),
      messageSchema,
      'a message',
    );

  /**
   * An attachment's data (base64url); undefined when it is gone.
   * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages.attachments/get
   */
  const attachmentOf = (accessToken: string, messageId: string) => async (attachmentId: string) => {
    try {
      const part = await call(
        (api) =>
          api.users.messages.attachments.get({ userId: 'me', messageId, id: attachmentId }, options(accessToken)),
        z.object({ data: z.optional(z.string()) }),
        'an attachment',
      );
      return part.data;
    } catch (error) {
      if (error instanceof MailApiFailure && error.kind === 'not_found') return undefined;
      throw error;
    }
  };
  const readMessage = (accessToken: string) => (message: GmailMessage) =>
    mailboxMessageOf(message, attachmentOf(accessToken, message.id));

  /** The sent message's Message-ID and time (Gmail may have given it its own Message-ID). */
  const sentMailOf = async (accessToken: string, ref: { id: string; threadId: string }, fallbackId: string) => {
    const message = await call(
      (api) =>
        api.users.messages.get(
          { userId: 'me', id: ref.id, format: 'metadata', metadataHeaders: ['Message-ID'] },
          options(accessToken),
        ),
      messageSchema,
      'a message',
    );
    return {
      providerMessageId: ref.id,
      threadId: message.threadId,
      messageId: messageIdsIn(headerValue(message.payload?.headers ?? [], 'message-id'))[0] ?? fallbackId,
      sentAt: message.internalDate ? receivedAt(message) : new Date(),
    } satisfies SentMail;
  };

  return {
    provider: 'gmail',

    /** @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/send */
    send: async (accessToken, mail) => {
      // googleapis writes a string body as UTF-8: the message (7-bit ASCII as nodemailer encodes it) keeps its bytes
      const message = (await buildMime(mail)).toString('utf8');
      const sendRaw = (threadId: string | undefined) =>
        call(
          (api) =>
            api.users.messages.send(
              {
                userId: 'me',
                requestBody: threadId ? { threadId } : {},
                media: { mimeType: 'message/rfc822', body: message },
              },
              options(accessToken),
            ),
          messageRefSchema,
          'a sent message',
        );
      const sent = await sendRaw(mail.threadId).catch((error: unknown) => {
        // the thread is gone from the mailbox (deleted): refused, so nothing went out; the e-mail starts a new thread
        const threadRefused =
          error instanceof MailApiFailure &&
          (error.kind === 'not_found' || (error.kind === 'rejected' && error.status === 400));
        if (mail.threadId && threadRefused) return sendRaw(undefined);
        throw error;
      });
      // it went out: a failure to read it back must not make the caller send it again
      return sentMailOf(accessToken, sent, mail.messageId).catch(
        (): SentMail => ({
          providerMessageId: sent.id,
          threadId: sent.threadId,
          messageId: mail.messageId,
          sentAt: new Date(),
        }),
      );
    },

    /** @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/list */
    findSent: async (accessToken, messageId) => {
      const page = await call(
        (api) =>
          api.users.messages.list(
            { userId: 'me', q: `rfc822msgid:${searchableMessageId(messageId)} in:sent`, maxResults: 1 },
            options(accessToken),
          ),
        z.object({ messages: z.optional(z.array(messageRefSchema)) }),
        'a message list',
      );
      const found = page.messages?.[0];
      return found ? sentMailOf(accessToken, found, messageId) : null;
    },

    currentCursor: async (accessToken) =>
      (await call((api) => api.users.getProfile({ userId: 'me' }, options(accessToken)), profileSchema, 'a profile'))
        .historyId,

    /**
     * New INBOX messages after `cursor`, in history order. The reading stops at the history record that reaches
     * `limit` (read whole: the cursor is a record, so a result may pass the limit by that record's other messages, and
     * a result of `limit` or more says more may wait); then the cursor is that record, so the next call goes on from
     * there; otherwise the mailbox's current historyId. A message gone before it is read is skipped. History too old: `not_found` (404).
     */
    changesSince: async (accessToken, cursor, limit) => {
      const ids: string[] = [];
      const seen = new Set<string>();
      let next = cursor;
      let pageToken: string | undefined;
      for (let pages = 0; pages < maxHistoryPages; pages++) {
        const page = await call(
          (api) =>
            api.users.history.list(
              {
                userId: 'me',
                startHistoryId: cursor,
                historyTypes: ['messageAdded'],
                labelId: 'INBOX',
                maxResults: historyPageSize,
                ...(pageToken ? { pageToken } : {}),
              },
              options(accessToken),
            ),
          historyPageSchema,
          'a history page',
        );
        let full = false;
        for (const record of page.history ?? []) {
          for (const { message } of record.messagesAdded ?? []) {
            if (!seen.has(message.id)) {
              seen.add(message.id);
              ids.push(message.id);
            }
          }
          next = record.id;
          if (ids.length >= limit) {
            full = true;
            break;
          }
        }
        if (full) break;
        pageToken = page.nextPageToken;
        if (!pageToken) {
          next = page.historyId ?? next;
          break;
        }
      }
      const messages = await mapLimited(ids, fetchConcurrency, (id) =>
        getMessage(accessToken, id).catch((error: unknown) => {
          if (error instanceof MailApiFailure && error.kind === 'not_found') return null;
          throw error;
        }),
      );
      const found = messages.filter((message): message is GmailMessage => message !== null);
      return { messages: await Promise.all(found.map(readMessage(accessToken))), cursor: next };
    },

    threadMessages: async (accessToken, threadId) => {
      const thread = await call(
        (api) => api.users.threads.get({ userId: 'me', id: threadId, format: 'full' }, options(accessToken)),
        threadSchema,
        'a thread',
      );
      const messages = await Promise.all((thread.messages ?? []).map(readMessage(accessToken)));
      return messages.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
    },

    /**
     * Push of INBOX changes to the Pub/Sub topic; calling it again renews it (Gmail keeps one watch per mailbox and
     * topic), so `renewId` needs nothing more. The watch lasts 7 days.
     * @link https://developers.google.com/workspace/gmail/api/guides/push
     */
    watch: async (accessToken, { topicName }) => {
      if (!topicName) throw new Error('A Gmail watch needs the Pub/Sub topic: set GMAIL_PUBSUB_TOPIC');
      const watch = await call(
        (api) =>
          api.users.watch(
            { userId: 'me', requestBody: { topicName, labelIds: ['INBOX'], labelFilterBehavior: 'include' } },
            options(accessToken),
          ),
        watchSchema,
        'a watch',
      );
      return { id: watch.historyId, expiresAt: new Date(Number(watch.expiration)), cursor: watch.historyId };
    },

    /** @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users/stop */
    unwatch: async (accessToken) => {
      const api = await gmail.get();
      try {
        await api.users.stop({ userId: 'me' }, options(accessToken));
      } catch (error) {
        const failure = gmailFailure(error);
        if (failure.kind !== 'not_found') throw failure;
      }
    },
  };
};
