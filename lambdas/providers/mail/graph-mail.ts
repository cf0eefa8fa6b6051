import type { Client, Middleware } from '@microsoft/microsoft-graph-client';
import { setTimeout as sleep } from 'node:timers/promises';
import * as z from 'zod/mini';
import { LazyClient } from '../lazy-client.js';
import { type RetryPolicy, retryingFetch } from '../retry.js';
import { mailApiFailure } from './failures.js';
import { cutBody, headerValue, messageIdsIn, pickHeaders, textOfHtml } from './message-fields.js';
import { buildMime, calendarOfMime } from './mime.js';
import { type MailApi, MailApiFailure, type MailboxMessage, type OutgoingMail, type SentMail } from './port.js';
import { type MicrosoftMailSettings, mailApiFetch, mailApiPolicy } from './settings.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/** Graph's client: imported on the first mailbox call, so no Lambda pays for it at cold start. */
const loadGraph = () => import('@microsoft/microsoft-graph-client');

/** The inbox's messages, as delta and subscriptions name them. */
const inboxMessages = "/me/mailFolders('inbox')/messages";
/** A page of messages (`Prefer: odata.maxpagesize`); Graph's default for messages is 10. */
const pageSize = 50;
/** The most pages one read follows: an initial sync of a large inbox stops here instead of running on. */
const maxPages = 40;
/**
 * Waits before looking a just-sent message up in Sent Items again: Graph's sendMail answers 202 before the message
 * is saved there. About 4 s in all.
 */
const sentLookupWaitsMs = [250, 500, 1_000, 2_000];
/**
 * A new subscription's lifetime: under the 4,230 minutes Graph allowed for Outlook messages for years (newer limits
 * are longer); the subscription is renewed before it lapses.
 * @link https://learn.microsoft.com/en-us/graph/api/resources/subscription#subscription-lifetime
 */
const subscriptionLifetimeMs = 4_200 * 60_000;

/**
 * The largest request Graph takes: the base64 of the MIME message for `sendMail` (about a 3 MB résumé with its
 * text). A larger message is sent as Microsoft documents for large attachments: a draft (`POST /me/messages`, the
 * message without its attachments, as MIME so its Message-ID, threading and headers are those of `sendMail`), each
 * attachment added to it (`POST .../attachments` under 3 MB, else an upload session taking it in ranges), then
 * `POST .../send`. Creating a draft takes `Mail.ReadWrite` (microsoft.ts).
 * @link https://learn.microsoft.com/en-us/graph/outlook-large-attachments
 */
const sendMailLimitBytes = 4 * 1024 * 1024;
/** An attachment from this size on goes through an upload session (Graph refuses a smaller one there). */
const uploadSessionFromBytes = 3 * 1024 * 1024;
/** One PUT of an upload session: at most 4 MiB and, but for the last, a multiple of 320 KiB: 12 x 320 KiB. */
const uploadChunkBytes = 12 * 320 * 1024;

/**
 * An attendee's answer to a meeting, as it lies in the organizer's mailbox: Exchange turns an incoming iTIP REPLY
 * (RFC 6047, a `text/calendar; method=REPLY` part) into a meeting response item, which Graph answers as this derived
 * type of message (its `meetingMessageType` meetingAccepted, meetingTenativelyAccepted or meetingDeclined). Its JSON
 * keeps neither the calendar part nor the event's UID, so the REPLY is read from the message's MIME (`/$value`),
 * which Exchange writes with the text/calendar part again. Graph adds `@odata.type` to every message of a derived
 * type whatever `$select` names, so no message costs a second call unless it is one.
 * @link https://learn.microsoft.com/en-us/graph/api/resources/eventmessageresponse
 */
const meetingResponseType = '#microsoft.graph.eventMessageResponse';

/** The message fields a MailboxMessage needs. */
const messageFields = [
  'id',
  'conversationId',
  'internetMessageId',
  'subject',
  'from',
  'toRecipients',
  'receivedDateTime',
  'body',
  'internetMessageHeaders',
];

/**
 * The one middleware of the mail client: the request with its own `Authorization` header under `mailApiFetch`
 * (Graph's default chain is not used, microsoft.ts says why; here a POST is also never repeated).
 */
const fetchMiddleware = (policy: RetryPolicy): Middleware => {
  const send = mailApiFetch(policy);
  return {
    execute: async (context) => {
      const url = typeof context.request === 'string' ? context.request : context.request.url;
      context.response = await send(url, context.options as RequestInit);
    },
  };
};

/** Graph's client for mail calls (its base URL), built on first use; each call gives its own access token. */
export const createGraphMailClient = (settings: MicrosoftMailSettings, policy: RetryPolicy = mailApiPolicy) =>
  new LazyClient<Client>(async () =>
    (await loadGraph()).Client.initWithMiddleware({
      baseUrl: settings.graphBaseUrl,
      defaultVersion: 'v1.0',
      middleware: fetchMiddleware(policy),
    }),
  );

/** What a failed Graph request carries (GraphError). */
const graphErrorSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    statusCode: z.number(),
    code: z.nullish(z.string()),
    headers: z.optional(z.unknown()),
  }),
);

/** What a failed Graph call means for the caller (failures.ts `mailApiFailure`). */
export const graphFailure = (error: unknown) => {
  if (error instanceof MailApiFailure) return error;
  const failed = graphErrorSchema.safeParse(error).data;
  const headers = failed?.headers instanceof Headers ? failed.headers : undefined;
  return mailApiFailure('Microsoft Graph', {
    status: failed && failed.statusCode > 0 ? failed.statusCode : undefined,
    reason: failed?.code ?? undefined,
    retryAfter: headers?.get('retry-after'),
  });
};

const emailAddressSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    emailAddress: z.nullish(z.object({ address: z.nullish(z.string()), name: z.nullish(z.string()) })),
  }),
);

/** @link https://learn.microsoft.com/en-us/graph/api/resources/message */
const messageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** only on a message of a derived type (an eventMessage) */
    '@odata.type': z.nullish(z.string()),
    id: z.string().check(z.minLength(1)),
    conversationId: z.string().check(z.minLength(1)),
    internetMessageId: z.nullish(z.string()),
    subject: z.nullish(z.string()),
    from: z.nullish(emailAddressSchema),
    toRecipients: z.nullish(z.array(emailAddressSchema)),
    receivedDateTime: z.nullish(z.iso.datetime({ offset: true })),
    body: z.nullish(z.object({ contentType: z.nullish(z.string()), content: z.nullish(z.string()) })),
    internetMessageHeaders: z.nullish(z.array(z.object({ name: z.string(), value: z.string() }))),
  }),
);
type GraphMessage = z.infer<typeof messageSchema>;

/** A page of a collection or of a delta round; a delta entry marked `@removed` was deleted or moved out. */
const pageEntrySchema = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({ id: z.string().check(z.minLength(1)), '@removed': z.optional(z.unknown()) }),
);
type PageEntry = z.infer<typeof pageEntrySchema>;
const pageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    value: z.array(pageEntrySchema),
    '@odata.nextLink': z.optional(z.string()),
    '@odata.deltaLink': z.optional(z.string()),
  }),
);

/** @link https://learn.microsoft.com/en-us/graph/api/resources/subscription */
const subscriptionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: z.string().check(z.minLength(1)), expirationDateTime: z.iso.datetime({ offset: true }) }),
);

/** A sent message as `findSent` reads it. */
const sentSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    conversationId: z.string().check(z.minLength(1)),
    internetMessageId: z.nullish(z.string()),
    sentDateTime: z.nullish(z.iso.datetime({ offset: true })),
  }),
);

/** A draft as `POST /me/messages` answers it, or a page of the Drafts folder lists it. */
const draftSchema = /* @__PURE__ */ lazySchema(() => z.object({ id: z.string().check(z.minLength(1)) }));
/** @link https://learn.microsoft.com/en-us/graph/api/resources/attachment */
const attachmentsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ value: z.array(z.object({ name: z.nullish(z.string()), size: z.nullish(z.number()) })) }),
);
/** @link https://learn.microsoft.com/en-us/graph/api/resources/uploadsession */
const uploadSessionSchema = /* @__PURE__ */ lazySchema(() => z.object({ uploadUrl: z.url() }));

const parsed = <T>(schema: z.ZodMiniType<T>, data: unknown, what: string): T => {
  const result = schema.safeParse(data);
  if (!result.success)
    throw new MailApiFailure('unavailable', `Microsoft Graph answered ${what} of an unexpected shape`);
  return result.data;
};

/** A Graph message as the port's MailboxMessage (its headers read from `internetMessageHeaders`). */
export const mailboxMessageOf = (message: GraphMessage): MailboxMessage => {
  const headers = message.internetMessageHeaders ?? [];
  const body = message.body?.content ?? '';
  return {
    providerMessageId: message.id,
    threadId: message.conversationId,
    messageId: message.internetMessageId ?? null,
    inReplyTo: messageIdsIn(headerValue(headers, 'in-reply-to'))[0] ?? null,
    references: messageIdsIn(headerValue(headers, 'references')),
    from: {
      email: (message.from?.emailAddress?.address ?? '').toLowerCase(),
      name: message.from?.emailAddress?.name || null,
    },
    to: (message.toRecipients ?? [])
      .map((recipient) => (recipient.emailAddress?.address ?? '').toLowerCase())
      .filter(Boolean),
    subject: message.subject ?? '',
    body: cutBody(message.body?.contentType?.toLowerCase() === 'html' ? textOfHtml(body) : body),
    receivedAt: new Date(message.receivedDateTime ?? 0),
    headers: pickHeaders(headers),
  };
};

/** A query string of OData options, each value percent-encoded (Graph's client sends the path's query as given). */
const query = (options: Record<string, string>) =>
  `?${Object.entries(options)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')}`;

/** A string literal of an OData filter: single quotes doubled. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The mail port for Outlook (DESIGN §5) over `@microsoft/microsoft-graph-client`: the message sent as MIME through
 * `sendMail` (mime.ts; Graph keeps its Message-ID), replies found with a delta query on the inbox from a stored delta
 * link, push by a subscription on the inbox's new messages. Each call carries the mailbox's access token in its own
 * header. Errors are MailApiFailure and never quote the request.
 */
export const graphMailApi = (
  settings: MicrosoftMailSettings,
  graph: LazyClient<Client> = createGraphMailClient(settings),
  wait: (ms: number) => Promise<unknown> = (ms) => sleep(ms),
  /** the PUTs of an upload session (to its own pre-authenticated URL, no token), each made once */
  upload: (url: string, init: RequestInit) => Promise<Response> = retryingFetch({ ...mailApiPolicy, retries: 0 }),
): MailApi => {
  const base = new URL(settings.graphBaseUrl);
  const versionPath = `${base.pathname.replace(/\/+$/, '')}/v1.0/`;

  /**
   * A stored next or delta link as a path under the client's base URL. A link to any other place is refused before
   * the token goes anywhere (a cursor is data read back from the table): `not_found`, so the caller starts afresh.
   */
  const pathOfLink = (link: string) => {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new MailApiFailure('not_found', 'The Outlook cursor is not a link');
    }
    if (url.origin !== base.origin || !url.pathname.startsWith(versionPath)) {
      throw new MailApiFailure('not_found', 'The Outlook cursor is not a Microsoft Graph link');
    }
    return `/${url.pathname.slice(versionPath.length)}${url.search}`;
  };

  const request = async (accessToken: string, path: string, headers: Record<string, string> = {}) =>
    (await graph.get()).api(path).headers({ Authorization: `Bearer ${accessToken}`, ...headers });

  const get = async <T>(accessToken: string, path: string, schema: z.ZodMiniType<T>, what: string, size = pageSize) => {
    let data: unknown;
    try {
      data = await (
        await request(accessToken, path, { Prefer: `outlook.body-content-type="text", odata.maxpagesize=${size}` })
      ).get();
    } catch (error) {
      throw graphFailure(error);
    }
    return parsed(schema, data, what);
  };

  /**
   * A page's entry as a whole message: as it came when it carries every field and its internet headers, else read by
   * its id (a delta entry for a change may carry only a few fields; a list never carries the headers). A message gone
   * since the page was read: what the page had, or nothing when that was not a whole message.
   */
  const wholeMessage = async (accessToken: string, entry: PageEntry): Promise<GraphMessage | null> => {
    const fromPage = messageSchema.safeParse(entry).data ?? null;
    if (fromPage?.internetMessageHeaders) return fromPage;
    try {
      return await get(
        accessToken,
        `/me/messages/${encodeURIComponent(entry.id)}${query({ $select: messageFields.join(',') })}`,
        messageSchema,
        'a message',
      );
    } catch (error) {
      if (error instanceof MailApiFailure && error.kind === 'not_found') return fromPage;
      throw error;
    }
  };

  /**
   * A message's MIME (`GET /me/messages/{id}/$value`) as bytes, or null when the message is gone since it was listed.
   * @link https://learn.microsoft.com/en-us/graph/outlook-get-mime-message
   */
  const mimeOf = async (accessToken: string, id: string) => {
    let answer: unknown;
    try {
      const { ResponseType } = await loadGraph();
      answer = await (await request(accessToken, `/me/messages/${encodeURIComponent(id)}/$value`))
        .responseType(ResponseType.ARRAYBUFFER)
        .get();
    } catch (error) {
      const failure = graphFailure(error);
      if (failure.kind === 'not_found') return null;
      throw failure;
    }
    if (!(answer instanceof ArrayBuffer)) {
      throw new MailApiFailure('unavailable', "Microsoft Graph answered a message's MIME of an unexpected shape");
    }
    return Buffer.from(answer);
  };

  /**
   * The messages as the port's, a meeting response with its iTIP REPLY read from its MIME (`meetingResponseType`).
   * A meeting response gone before its MIME was read (Outlook may delete one once it has processed it) is left out:
   * read without its calendar it would pass for a reply to the outreach.
   */
  const wholeMessages = async (accessToken: string, entries: PageEntry[]) => {
    const messages: MailboxMessage[] = [];
    for (const entry of entries) {
      const message = await wholeMessage(accessToken, entry);
      if (!message) continue;
      const read = mailboxMessageOf(message);
      if (message['@odata.type'] === meetingResponseType) {
        const mime = await mimeOf(accessToken, message.id);
        if (!mime) continue;
        const calendar = await calendarOfMime(mime);
        if (calendar !== undefined) read.calendar = calendar;
      }
      messages.push(read);
    }
    return messages;
  };

  /**
   * Pages from `path` on, `size` messages a page: the messages (deltas' `@removed` entries left out) and where the
   * reading stopped: the delta link at the end of a round (`complete`), or the next link when `room` or the page
   * bound ran out first. No page is asked for that could overrun `room`, so the caller drops nothing it read.
   */
  const readPages = async (accessToken: string, path: string, room: number, size = pageSize) => {
    const messages: PageEntry[] = [];
    let next = path;
    for (let pages = 0; pages < maxPages; pages++) {
      const page = await get(accessToken, next, pageSchema, 'a page of messages', size);
      for (const entry of page.value) {
        if (entry['@removed'] === undefined) messages.push(entry);
      }
      const nextLink = page['@odata.nextLink'];
      if (!nextLink) return { messages, link: page['@odata.deltaLink'], complete: true };
      if (messages.length + size > room || pages === maxPages - 1) return { messages, link: nextLink, complete: false };
      next = pathOfLink(nextLink);
    }
    throw new Error('unreachable: the page loop returns');
  };

  /**
   * The inbox delta from now on: a round filtered to messages received from now (the one filter delta takes on
   * messages), so the initial sync is empty instead of the whole inbox, paged to its delta link. `changeType=created`
   * (kept in the links by Graph) leaves out updates such as a message marked read, which would come with a few
   * fields only.
   * @link https://learn.microsoft.com/en-us/graph/api/message-delta
   * @link https://learn.microsoft.com/en-us/graph/delta-query-messages
   */
  const freshDeltaLink = async (accessToken: string) => {
    const { link, complete } = await readPages(
      accessToken,
      `${inboxMessages}/delta${query({
        changeType: 'created',
        $select: messageFields.join(','),
        $filter: `receivedDateTime ge ${new Date().toISOString()}`,
      })}`,
      Number.POSITIVE_INFINITY,
    );
    if (!complete || !link) throw new MailApiFailure('unavailable', 'Microsoft Graph gave no delta link for the inbox');
    return link;
  };

  const findSent = async (accessToken: string, messageId: string): Promise<SentMail | null> => {
    const page = await get(
      accessToken,
      `/me/mailFolders/sentitems/messages${query({
        $filter: `internetMessageId eq ${literal(messageId)}`,
        $select: 'id,conversationId,internetMessageId,sentDateTime',
        $top: '1',
      })}`,
      z.object({ value: z.array(sentSchema) }),
      'sent messages',
    );
    const found = page.value[0];
    if (!found) return null;
    return {
      providerMessageId: found.id,
      threadId: found.conversationId,
      messageId: found.internetMessageId ?? messageId,
      sentAt: found.sentDateTime ? new Date(found.sentDateTime) : new Date(),
    };
  };

  /** A refusal of a call that writes a draft: 403 is the grant without `Mail.ReadWrite` (made before it was asked). */
  const draftFailure = (error: unknown) => {
    const failure = graphFailure(error);
    if (failure.status !== 403) return failure;
    return new MailApiFailure(
      'consent_required',
      'The Outlook mailbox was connected without the permission to create drafts (Mail.ReadWrite), which an e-mail over 4 MB needs',
      { status: 403 },
    );
  };

  const postDraftCall = async (
    accessToken: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    try {
      return await (await request(accessToken, path, headers)).post(body);
    } catch (error) {
      throw draftFailure(error);
    }
  };

  /**
   * The draft of an earlier attempt of this e-mail (its Message-ID is chosen before the first attempt): a retry after
   * a crash or a timeout reuses it, with the attachments it already has, instead of making a second one.
   */
  const earlierDraft = async (accessToken: string, messageId: string) => {
    const page = await get(
      accessToken,
      `/me/mailFolders/drafts/messages${query({ $filter: `internetMessageId eq ${literal(messageId)}`, $select: 'id' })}`,
      z.object({ value: z.array(draftSchema) }),
      'drafts',
    );
    const draft = page.value[0];
    if (!draft) return null;
    const { value } = await get(
      accessToken,
      `/me/messages/${encodeURIComponent(draft.id)}/attachments${query({ $select: 'name,size' })}`,
      attachmentsSchema,
      'attachments',
    );
    return {
      id: draft.id,
      attached: value.map((attachment) => `${attachment.name ?? ''}\u0000${attachment.size ?? -1}`),
    };
  };

  /** One attachment from 3 MB on: an upload session, its bytes PUT in ranges (the upload URL carries no token of ours). */
  const uploadAttachment = async (
    accessToken: string,
    draftId: string,
    attachment: NonNullable<OutgoingMail['attachments']>[number],
  ) => {
    const size = attachment.content.length;
    const session = parsed(
      uploadSessionSchema,
      await postDraftCall(accessToken, `/me/messages/${encodeURIComponent(draftId)}/attachments/createUploadSession`, {
        AttachmentItem: {
          attachmentType: 'file',
          name: attachment.fileName,
          size,
          contentType: attachment.contentType,
        },
      }),
      'an upload session',
    );
    for (let start = 0; start < size; start += uploadChunkBytes) {
      const end = Math.min(start + uploadChunkBytes, size);
      let response: Response;
      try {
        response = await upload(session.uploadUrl, {
          method: 'PUT',
          headers: {
            'Content-Type': 'application/octet-stream',
            'Content-Length': String(end - start),
            'Content-Range': `bytes ${start}-${end - 1}/${size}`,
          },
          body: attachment.content.slice(start, end),
        });
      } catch {
        throw new MailApiFailure('unavailable', 'The Outlook attachment upload could not be reached');
      }
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) {
        throw mailApiFailure('Microsoft Graph', {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
        });
      }
    }
  };

  /**
   * A message over `sendMail`'s 4 MB, as Microsoft documents it: the draft (this e-mail's from an earlier attempt, or
   * a new one from its MIME without attachments), each attachment it lacks (under 3 MB in one request, else an upload
   * session), then `send`. A grant without `Mail.ReadWrite`: `consent_required`.
   * @link https://learn.microsoft.com/en-us/graph/outlook-large-attachments
   * @link https://learn.microsoft.com/en-us/graph/api/user-post-messages#example-4-create-a-message-from-mime-content
   * @link https://learn.microsoft.com/en-us/graph/api/message-send
   */
  const sendAsDraft = async (accessToken: string, mail: OutgoingMail) => {
    const earlier = await earlierDraft(accessToken, mail.messageId);
    let draftId: string;
    const attached = earlier?.attached ?? [];
    if (earlier) draftId = earlier.id;
    else {
      const message = (await buildMime({ ...mail, attachments: [] })).toString('base64');
      if (message.length > sendMailLimitBytes) {
        throw new MailApiFailure(
          'rejected',
          'The e-mail is too large for Outlook to send (Microsoft Graph takes at most 4 MB of text)',
        );
      }
      draftId = parsed(
        draftSchema,
        await postDraftCall(accessToken, '/me/messages', message, { 'Content-Type': 'text/plain' }),
        'a draft',
      ).id;
    }
    const path = `/me/messages/${encodeURIComponent(draftId)}`;
    for (const attachment of mail.attachments ?? []) {
      const already = attached.indexOf(`${attachment.fileName}\u0000${attachment.content.length}`);
      if (already !== -1) {
        attached.splice(already, 1);
        continue;
      }
      if (attachment.content.length >= uploadSessionFromBytes) {
        await uploadAttachment(accessToken, draftId, attachment);
        continue;
      }
      await postDraftCall(accessToken, `${path}/attachments`, {
        '@odata.type': '#microsoft.graph.fileAttachment',
        name: attachment.fileName,
        contentType: attachment.contentType,
        contentBytes: Buffer.from(attachment.content).toString('base64'),
      });
    }
    try {
      await (await request(accessToken, `${path}/send`)).post(undefined);
    } catch (error) {
      throw graphFailure(error);
    }
  };

  return {
    provider: 'outlook',

    /**
     * `sendMail` with the MIME message base64-encoded as text/plain, or a draft sent with its attachments when that
     * is over Graph's 4 MB (`sendAsDraft`); Graph answers 202 with no id, so the sent message is then looked up in
     * Sent Items by its Message-ID a few times. Still not there: `unavailable`, and the send worker's retry asks
     * `findSent` before sending again.
     * @link https://learn.microsoft.com/en-us/graph/api/user-sendmail#example-4-send-a-new-message-using-mime-format
     */
    send: async (accessToken, mail) => {
      const mime = (await buildMime(mail)).toString('base64');
      if (mime.length > sendMailLimitBytes) await sendAsDraft(accessToken, mail);
      else {
        try {
          await (await request(accessToken, '/me/sendMail', { 'Content-Type': 'text/plain' })).post(mime);
        } catch (error) {
          throw graphFailure(error);
        }
      }
      for (const ms of [0, ...sentLookupWaitsMs]) {
        if (ms) await wait(ms);
        const sent = await findSent(accessToken, mail.messageId).catch(() => null);
        if (sent) return sent;
      }
      throw new MailApiFailure('unavailable', 'Microsoft Graph accepted the e-mail but it is not in Sent Items yet');
    },

    /** @link https://learn.microsoft.com/en-us/graph/api/user-list-messages */
    findSent,

    currentCursor: freshDeltaLink,

    /**
     * New inbox messages from the stored link on, each with its internet headers. An expired link: `not_found` (410,
     * `syncStateNotFound`).
     * @link https://learn.microsoft.com/en-us/graph/delta-query-messages
     */
    changesSince: async (accessToken, cursor, limit) => {
      const size = Math.min(pageSize, Math.max(limit, 1));
      const { messages, link } = await readPages(accessToken, pathOfLink(cursor), Math.max(limit, 1), size);
      return { messages: await wholeMessages(accessToken, messages), cursor: link ?? cursor };
    },

    threadMessages: async (accessToken, threadId) => {
      const { messages } = await readPages(
        accessToken,
        `/me/messages${query({
          $filter: `conversationId eq ${literal(threadId)}`,
          $select: messageFields.join(','),
        })}`,
        Number.POSITIVE_INFINITY,
      );
      const found = await wholeMessages(accessToken, messages);
      return found.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
    },

    /**
     * A subscription on the inbox's new messages, its lifecycle events to the same URL; `renewId` moves that one's
     * expiry on instead. A new one also answers a fresh delta link to read from (null when that read failed).
     * @link https://learn.microsoft.com/en-us/graph/api/subscription-post-subscriptions
     * @link https://learn.microsoft.com/en-us/graph/api/subscription-update
     */
    watch: async (accessToken, { notificationUrl, clientState, renewId }) => {
      if (!renewId && (!notificationUrl || !clientState)) {
        throw new Error('A Graph subscription needs its notification URL and client state');
      }
      const expirationDateTime = new Date(Date.now() + subscriptionLifetimeMs).toISOString();
      let answer: unknown;
      try {
        if (renewId) {
          answer = await (await request(accessToken, `/subscriptions/${encodeURIComponent(renewId)}`)).patch({
            expirationDateTime,
          });
        } else {
          answer = await (await request(accessToken, '/subscriptions')).post({
            changeType: 'created',
            notificationUrl,
            lifecycleNotificationUrl: notificationUrl,
            resource: inboxMessages.slice(1),
            expirationDateTime,
            clientState,
          });
        }
      } catch (error) {
        throw graphFailure(error);
      }
      const subscription = parsed(subscriptionSchema, answer, 'a subscription');
      return {
        id: subscription.id,
        expiresAt: new Date(subscription.expirationDateTime),
        // the subscription exists now: a failed delta round must not lose its id (the caller keeps its own cursor)
        cursor: renewId ? null : await freshDeltaLink(accessToken).catch(() => null),
      };
    },

    /** @link https://learn.microsoft.com/en-us/graph/api/subscription-delete */
    unwatch: async (accessToken, watchId) => {
      try {
        await (await request(accessToken, `/subscriptions/${encodeURIComponent(watchId)}`)).delete();
      } catch (error) {
        const failure = graphFailure(error);
        if (failure.kind !== 'not_found') throw failure;
      }
    },
  };
};
