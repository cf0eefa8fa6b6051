import type { Grant, OAuthGrants } from './oauth-grants.js';
import { bearerGrant, oauthGrantsOf } from './oauth-server.js';
import { calendarContentTypes } from '../../../lambdas/providers/mail/message-fields.js';
import type { SandboxRequest, SandboxResponse, SandboxVendor } from './router.js';
import { type MailCopy, type MailStore, MailStoreError, mailStoreOf } from './mail-store.js';

/**
 * The Gmail API subset (DESIGN §5): what `@googleapis/gmail` calls under its `rootUrl` (the sandbox's
 * origin, GMAIL_API_BASE_URL) to send, find sent mail, read threads and history, and watch a mailbox.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest
 */

const scope = (name: string) => `https://www.googleapis.com/auth/${name}`;
const fullAccess = 'https://mail.google.com/';
/** users.messages.send */
const sendScopes = [scope('gmail.send'), scope('gmail.compose'), scope('gmail.modify'), fullAccess];
/** reading bodies, searching (`q`) */
const readScopes = [scope('gmail.readonly'), scope('gmail.modify'), fullAccess];
/** ids, labels, headers, history, watch */
const metadataScopes = [...readScopes, scope('gmail.metadata')];

/**
 * A Google API refusal.
 * @link https://cloud.google.com/apis/design/errors#http_mapping
 */
export const gmailError = (
  code: 400 | 401 | 403 | 404 | 429,
  status: string,
  message: string,
  reason: string,
  headers: Record<string, string> = {},
): SandboxResponse => ({
  status: code,
  headers: {
    ...(code === 401 ? { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/"' } : {}),
    ...headers,
  },
  json: { error: { code, message, errors: [{ message, domain: 'global', reason }], status } },
});

const notFound = () => gmailError(404, 'NOT_FOUND', 'Requested entity was not found.', 'notFound');
const badRequest = (message: string) => gmailError(400, 'INVALID_ARGUMENT', message, 'invalidArgument');

type Authorized = { grant: Grant; address: string };

/** The JSON body, or undefined when it is none or not JSON (the route then answers 400). */
const jsonOf = <T>(request: SandboxRequest): T | undefined => {
  try {
    return request.json<T>();
  } catch {
    return undefined;
  }
};

/**
 * Gmail's quota units per method, counted per mailbox (`GET /_sandbox/mail/usage`) so the bench can tell what a
 * reply check costs.
 * @link https://developers.google.com/workspace/gmail/api/reference/quota
 */
export const gmailQuotaUnits = {
  'messages.send': 100,
  'messages.list': 5,
  'messages.get': 5,
  'messages.attachments.get': 5,
  'threads.get': 10,
  'history.list': 2,
  'users.watch': 100,
  'users.stop': 50,
  'users.getProfile': 1,
} as const;
export type GmailCall = keyof typeof gmailQuotaUnits;

/**
 * The mailbox of the request's bearer token, with the scopes the call needs: 401 for a token that is unknown, expired
 * or revoked, 403 for missing scopes or another user's id, 429 while the mailbox is throttled.
 */
export const gmailCaller = (
  grants: OAuthGrants,
  store: MailStore,
  request: SandboxRequest,
  scopes: string[],
  call: GmailCall,
): Authorized | SandboxResponse => {
  const grant = bearerGrant(grants, 'google', request);
  if (!grant) {
    return gmailError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      'authError',
    );
  }
  if (!grant.scopes.some((granted) => scopes.includes(granted))) {
    return gmailError(
      403,
      'PERMISSION_DENIED',
      'Request had insufficient authentication scopes.',
      'insufficientPermissions',
    );
  }
  const userId = request.params.userId!;
  if (userId !== 'me' && userId.toLowerCase() !== grant.email) {
    return gmailError(403, 'PERMISSION_DENIED', `Delegation denied for ${grant.email}`, 'forbidden');
  }
  store.mailbox(grant.email);
  store.recordCall(grant.email, 'gmail', call, gmailQuotaUnits[call]);
  const retryAfter = store.takeThrottle(grant.email, 'gmail');
  if (retryAfter !== null) {
    return gmailError(429, 'RESOURCE_EXHAUSTED', 'Too many concurrent requests for user.', 'rateLimitExceeded', {
      'Retry-After': String(retryAfter),
    });
  }
  return { grant, address: grant.email };
};

const isResponse = (value: Authorized | SandboxResponse): value is SandboxResponse => !('grant' in value);

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
/** Gmail takes `raw` as base64url, and in practice also standard base64. */
const fromBase64 = (value: string) => Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

const snippetOf = (copy: MailCopy) => copy.text.replace(/\s+/g, ' ').trim().slice(0, 200);

type Format = 'full' | 'metadata' | 'minimal' | 'raw';
const formatOf = (value: string | null): Format | undefined =>
  value === null ? 'full' : (['full', 'metadata', 'minimal', 'raw'] as const).find((format) => format === value);

const attachmentIdOf = (copy: MailCopy, partId: string) => `ANGjdJ${copy.gmailId}_${partId}`;

/** A MessagePart tree as Gmail answers it: the top part's headers, then text, HTML and attachment parts. */
const payloadOf = (copy: MailCopy, format: 'full' | 'metadata', metadataHeaders: string[]) => {
  const wanted = metadataHeaders.map((name) => name.toLowerCase());
  const headers =
    format === 'metadata' && wanted.length > 0
      ? copy.headers.filter((header) => wanted.includes(header.name.toLowerCase()))
      : copy.headers;
  const top = { partId: '', mimeType: copy.mimeType, filename: '', headers };
  if (format === 'metadata') return top;
  const leaf = (partId: string, mimeType: string, content: Buffer | number, filename = '') => ({
    partId,
    mimeType,
    filename,
    headers: [{ name: 'Content-Type', value: `${mimeType}; charset="UTF-8"` }],
    // a large attachment, or a calendar part (which Gmail files as an attachment), comes with an attachmentId instead
    // of its data, as Gmail answers
    body:
      typeof content === 'number' || calendarContentTypes.has(mimeType.toLowerCase())
        ? { size: typeof content === 'number' ? content : content.length, attachmentId: attachmentIdOf(copy, partId) }
        : { size: content.length, data: base64url(content) },
  });
  if (!copy.mimeType.startsWith('multipart/')) {
    const isHtml = copy.mimeType === 'text/html' && copy.html !== null;
    const content = Buffer.from(isHtml ? copy.html! : copy.text);
    return { ...top, body: { size: content.length, data: base64url(content) } };
  }
  const parts = [
    leaf('0', 'text/plain', Buffer.from(copy.text)),
    ...(copy.html !== null ? [leaf('1', 'text/html', Buffer.from(copy.html))] : []),
  ];
  for (const attachment of copy.attachments) {
    parts.push(
      leaf(
        String(parts.length),
        attachment.contentType,
        attachment.content === null ? attachment.size : Buffer.from(attachment.content, 'base64'),
        attachment.fileName ?? '',
      ),
    );
  }
  return { ...top, body: { size: 0 }, parts };
};

/**
 * A Message resource in the format asked.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages#Message
 */
export const gmailMessage = (copy: MailCopy, format: Format = 'full', metadataHeaders: string[] = []) => {
  const raw = Buffer.from(copy.raw, 'base64');
  const minimal = {
    id: copy.gmailId,
    threadId: copy.threadId,
    labelIds: copy.labels,
    snippet: snippetOf(copy),
    sizeEstimate: raw.length,
    historyId: String(copy.historyId),
    internalDate: String(Date.parse(copy.time)),
  };
  if (format === 'minimal') return minimal;
  if (format === 'raw') return { ...minimal, raw: base64url(raw) };
  return { ...minimal, payload: payloadOf(copy, format, metadataHeaders) };
};

/** The message of a `multipart/related` upload (metadata JSON, then the message/rfc822 part). */
const uploadedMessage = (request: SandboxRequest): { raw: Buffer; threadId?: string } | undefined => {
  const contentType = request.headers['content-type'] ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return { raw: request.body };
  const text = request.body.toString('latin1');
  const parts = text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const split = part.indexOf('\r\n\r\n');
      return { headers: part.slice(0, split), body: part.slice(split + 4).replace(/\r\n$/, '') };
    });
  const metadata = parts.find((part) => /application\/json/i.test(part.headers));
  const message = parts.find((part) => !/application\/json/i.test(part.headers));
  if (!message) return undefined;
  const threadId = metadata ? (JSON.parse(metadata.body) as { threadId?: string }).threadId : undefined;
  return { raw: Buffer.from(message.body, 'latin1'), ...(threadId ? { threadId } : {}) };
};

/**
 * `POST /gmail/v1/users/{userId}/messages/send` (`{raw, threadId?}`) and its upload form: the sender's Message-ID
 * kept, From set to the mailbox, threaded as Gmail does.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/send
 */
const send = (grants: OAuthGrants, store: MailStore, upload: boolean) => async (request: SandboxRequest) => {
  const caller = gmailCaller(grants, store, request, sendScopes, 'messages.send');
  if (isResponse(caller)) return caller;
  let message: { raw: Buffer; threadId?: string } | undefined;
  if (upload) {
    message = uploadedMessage(request);
  } else {
    const body = jsonOf<{ raw?: string; threadId?: string }>(request);
    message = body?.raw
      ? { raw: fromBase64(body.raw), ...(body.threadId ? { threadId: body.threadId } : {}) }
      : undefined;
  }
  if (!message || message.raw.length === 0)
    return badRequest("'raw' RFC822 payload message string or uploading message via /upload/* URL required");
  try {
    const copy = await store.submit(message.raw, {
      sender: caller.address,
      ...(message.threadId ? { threadId: message.threadId } : {}),
    });
    return { json: { id: copy.gmailId, threadId: copy.threadId, labelIds: copy.labels } };
  } catch (error) {
    if (error instanceof MailStoreError) return badRequest(error.message);
    throw error;
  }
};

/** The `q` of messages.list the sandbox understands: `rfc822msgid:`, `in:`, `label:`, `from:`, `to:`, words. */
const matchesQuery = (copy: MailCopy, q: string) =>
  q
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => {
      const [, key, value = ''] = /^([a-z0-9]+):(.*)$/i.exec(term) ?? [undefined, undefined, term];
      const lower = value.toLowerCase();
      switch (key?.toLowerCase()) {
        case 'rfc822msgid':
          return copy.internetMessageId.toLowerCase() === `<${lower.replace(/^<|>$/g, '')}>`;
        case 'in':
        case 'label':
          return copy.labels.includes(lower.toUpperCase() as 'SENT');
        case 'from':
          return copy.from.address.includes(lower);
        case 'to':
          return copy.to.some((to) => to.address.includes(lower));
        case 'subject':
          return copy.subject.toLowerCase().includes(lower);
        default:
          return `${copy.subject}\n${copy.text}`.toLowerCase().includes(term.toLowerCase());
      }
    });

const pageOf = <T>(items: T[], request: SandboxRequest, defaultSize: number, maxSize: number) => {
  const size = Math.min(Number(request.query.get('maxResults') ?? defaultSize) || defaultSize, maxSize);
  const offset = Number(request.query.get('pageToken') ?? 0) || 0;
  const page = items.slice(offset, offset + size);
  const next = offset + size < items.length ? String(offset + size) : undefined;
  return { page, next };
};

/**
 * `GET /gmail/v1/users/{userId}/messages`: newest first, `q` and `labelIds` filtering.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/list
 */
const list = (grants: OAuthGrants, store: MailStore) => (request: SandboxRequest) => {
  const q = request.query.get('q') ?? '';
  const caller = gmailCaller(grants, store, request, q ? readScopes : metadataScopes, 'messages.list');
  if (isResponse(caller)) return caller;
  const labelIds = request.query.getAll('labelIds');
  const found = store
    .copiesOf(caller.address)
    .filter((copy) => labelIds.every((label) => copy.labels.includes(label as 'SENT')) && matchesQuery(copy, q))
    .reverse();
  const { page, next } = pageOf(found, request, 100, 500);
  return {
    json: {
      ...(page.length > 0 ? { messages: page.map((copy) => ({ id: copy.gmailId, threadId: copy.threadId })) } : {}),
      ...(next ? { nextPageToken: next } : {}),
      resultSizeEstimate: found.length,
    },
  };
};

const readFormat = (request: SandboxRequest) => {
  const format = formatOf(request.query.get('format'));
  return format ? { format, metadataHeaders: request.query.getAll('metadataHeaders') } : undefined;
};

/**
 * `GET /gmail/v1/users/{userId}/messages/{id}?format=full|metadata|minimal|raw`.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/get
 */
const get = (grants: OAuthGrants, store: MailStore) => (request: SandboxRequest) => {
  const asked = readFormat(request);
  if (!asked) return badRequest(`Invalid value for format: ${request.query.get('format')}`);
  const bodies = asked.format === 'full' || asked.format === 'raw';
  const caller = gmailCaller(grants, store, request, bodies ? readScopes : metadataScopes, 'messages.get');
  if (isResponse(caller)) return caller;
  const copy = store.byGmailId(caller.address, request.params.id!);
  if (!copy) return notFound();
  return { json: gmailMessage(copy, asked.format, asked.metadataHeaders) };
};

/**
 * `GET /gmail/v1/users/{userId}/messages/{messageId}/attachments/{id}`: an attachment part's data (base64url), by the
 * attachmentId `messages.get` gave.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages.attachments/get
 */
const attachment = (grants: OAuthGrants, store: MailStore) => async (request: SandboxRequest) => {
  const caller = gmailCaller(grants, store, request, readScopes, 'messages.attachments.get');
  if (isResponse(caller)) return caller;
  const copy = store.byGmailId(caller.address, request.params.messageId!);
  const prefix = copy ? attachmentIdOf(copy, '') : '';
  const id = request.params.id!;
  if (!copy || !id.startsWith(prefix)) return notFound();
  // the leaves of payloadOf: text, HTML when there is one, then the attachments
  const index = Number(id.slice(prefix.length)) - (copy.html !== null ? 2 : 1);
  const part = copy.attachments[index];
  if (!part) return notFound();
  const content =
    part.content === null ? await store.attachmentContent(copy, index) : Buffer.from(part.content, 'base64');
  if (!content) return notFound();
  return { json: { size: content.length, data: base64url(content) } };
};

/**
 * `GET /gmail/v1/users/{userId}/threads/{id}`: the thread's messages, oldest first.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.threads/get
 */
const thread = (grants: OAuthGrants, store: MailStore) => (request: SandboxRequest) => {
  const asked = readFormat(request);
  if (!asked || asked.format === 'raw') return badRequest(`Invalid value for format: ${request.query.get('format')}`);
  const caller = gmailCaller(
    grants,
    store,
    request,
    asked.format === 'full' ? readScopes : metadataScopes,
    'threads.get',
  );
  if (isResponse(caller)) return caller;
  const copies = store.thread(caller.address, request.params.id!);
  if (copies.length === 0) return notFound();
  return {
    json: {
      id: request.params.id,
      historyId: String(Math.max(...copies.map((copy) => copy.historyId))),
      messages: copies.map((copy) => gmailMessage(copy, asked.format, asked.metadataHeaders)),
    },
  };
};

/**
 * `GET /gmail/v1/users/{userId}/history`: what was added after `startHistoryId` (historyTypes messageAdded; labelId);
 * 404 when the mailbox no longer keeps that far back, as Gmail (then a full sync is needed).
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.history/list
 */
const history = (grants: OAuthGrants, store: MailStore) => (request: SandboxRequest) => {
  const caller = gmailCaller(grants, store, request, metadataScopes, 'history.list');
  if (isResponse(caller)) return caller;
  const start = request.query.get('startHistoryId');
  if (!start) return badRequest('Missing required field: startHistoryId');
  if (!/^\d+$/.test(start)) return badRequest(`Invalid value for startHistoryId: ${start}`);
  const types = request.query.getAll('historyTypes');
  const labelId = request.query.get('labelId');
  const since = store.historySince(caller.address, Number(start));
  if (since.lost) return notFound();
  const records = since.records.filter(
    (record) =>
      (types.length === 0 || types.includes('messageAdded')) && (!labelId || record.labels.includes(labelId as 'SENT')),
  );
  const { page, next } = pageOf(records, request, 100, 500);
  const mailbox = store.mailbox(caller.address);
  return {
    json: {
      ...(page.length > 0
        ? {
            history: page.map((record) => ({
              id: String(record.id),
              messages: [{ id: record.gmailId, threadId: record.threadId }],
              messagesAdded: [{ message: { id: record.gmailId, threadId: record.threadId, labelIds: record.labels } }],
            })),
          }
        : {}),
      ...(next ? { nextPageToken: next } : {}),
      historyId: String(mailbox.historyId),
    },
  };
};

/** Gmail keeps a watch 7 days; it must be renewed (watch again) before. */
export const gmailWatchLifetimeMs = 7 * 24 * 3600 * 1000;

/**
 * `POST /gmail/v1/users/{userId}/watch {topicName, labelIds?, labelFilterBehavior?}` -> `{historyId, expiration}`.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users/watch
 */
const watch = (grants: OAuthGrants, store: MailStore) => (request: SandboxRequest) => {
  const caller = gmailCaller(grants, store, request, metadataScopes, 'users.watch');
  if (isResponse(caller)) return caller;
  const body = jsonOf<{
    topicName?: string;
    labelIds?: string[];
    labelFilterBehavior?: string;
    labelFilterAction?: string;
  }>(request);
  const topicName = body?.topicName ?? '';
  if (!/^projects\/[^/]+\/topics\/[^/]+$/.test(topicName)) {
    return badRequest('Invalid topicName does not match projects/SOME-ANDROID-PROJECT/topics/*');
  }
  const behavior = (body?.labelFilterBehavior ?? body?.labelFilterAction ?? 'include').toLowerCase();
  const mailbox = store.mailbox(caller.address);
  const expiration = store.now() + gmailWatchLifetimeMs;
  store.setWatch(caller.address, {
    topicName,
    labelIds: body?.labelIds ?? [],
    labelFilterBehavior: behavior === 'exclude' ? 'exclude' : 'include',
    historyId: mailbox.historyId,
    expiration,
  });
  return { json: { historyId: String(mailbox.historyId), expiration: String(expiration) } };
};

/**
 * `POST /gmail/v1/users/{userId}/stop`: no more push for the mailbox.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users/stop
 */
const stop = (grants: OAuthGrants, store: MailStore) => (request: SandboxRequest) => {
  const caller = gmailCaller(grants, store, request, metadataScopes, 'users.stop');
  if (isResponse(caller)) return caller;
  store.setWatch(caller.address, null);
  return { status: 204, bytes: Buffer.alloc(0) };
};

/**
 * `GET /gmail/v1/users/{userId}/profile` (with the mailbox's history id and counts).
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users/getProfile
 */
export const gmailProfile = (grants: OAuthGrants, store: MailStore) => (request: SandboxRequest) => {
  const caller = gmailCaller(grants, store, request, [...metadataScopes, scope('gmail.compose')], 'users.getProfile');
  if (isResponse(caller)) return caller;
  const copies = store.copiesOf(caller.address);
  return {
    json: {
      emailAddress: caller.address,
      messagesTotal: copies.length,
      threadsTotal: new Set(copies.map((copy) => copy.threadId)).size,
      historyId: String(store.mailbox(caller.address).historyId),
    },
  };
};

/** The Gmail API's mail routes (google.ts keeps the OAuth ones and `users.getProfile`). */
export const gmailVendor: SandboxVendor = {
  name: 'gmail',
  summary:
    'Gmail API (root URL /): users.messages send/list/get, users.messages.attachments.get, users.threads.get, users.history.list, users.watch/stop under /gmail/v1/users/{userId}/',
  register: (router, context) => {
    const grants = oauthGrantsOf(context);
    const store = mailStoreOf(context);
    const users = '/gmail/v1/users/:userId';
    router
      .post(`${users}/messages/send`, send(grants, store, false))
      .post('/upload/gmail/v1/users/:userId/messages/send', send(grants, store, true))
      .get(`${users}/messages`, list(grants, store))
      .get(`${users}/messages/:id`, get(grants, store))
      .get(`${users}/messages/:messageId/attachments/:id`, attachment(grants, store))
      .get(`${users}/threads/:id`, thread(grants, store))
      .get(`${users}/history`, history(grants, store))
      .post(`${users}/watch`, watch(grants, store))
      .post(`${users}/stop`, stop(grants, store));
  },
};
