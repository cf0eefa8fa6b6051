import { createHash, randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import * as z from 'zod';
import { readCalendarEvent } from '../../../lambdas/meetings/itip-reply.js';
import {
  type GraphSubscription,
  type MailCopy,
  type MailLabel,
  type MailStore,
  MailStoreError,
  mailStoreOf,
} from './mail-store.js';
import type { Grant, OAuthGrants } from './oauth-grants.js';
import { bearerGrant, oauthGrantsOf } from './oauth-server.js';
import type { SandboxRequest, SandboxResponse, SandboxVendor } from './router.js';

/**
 * The Microsoft Graph mail subset (DESIGN §5): what `@microsoft/microsoft-graph-client` calls under the
 * Graph base URL (`<sandbox>/microsoft/graph/`, version v1.0) to send, find sent mail, read the inbox incrementally
 * (delta) and subscribe to change notifications.
 * @link https://learn.microsoft.com/en-us/graph/api/resources/mail-api-overview
 */

const graphRoot = '/microsoft/graph/v1.0';

export const graphError = (status: number, code: string, message: string, headers: Record<string, string> = {}) => ({
  status,
  headers,
  json: { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': randomUUID() } } },
});

export const readScopes = ['Mail.Read', 'Mail.ReadWrite', 'Mail.ReadBasic'];
export const sendScopes = ['Mail.Send'];

/**
 * Graph's limit on one request (the whole body: a MIME message's base64, a JSON message or attachment): a larger
 * message is sent as a draft whose attachments are uploaded apart (graph-drafts.ts).
 * @link https://learn.microsoft.com/en-us/graph/outlook-large-attachments
 */
export const graphRequestLimitBytes = 4 * 1024 * 1024;
export const requestTooLarge = () =>
  graphError(413, 'RequestEntityTooLarge', 'The maximum request length supported is 4MB.');

/** The same user id as `/me` answers (microsoft.ts). */
export const graphUserId = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 16);
/** The tenant of the sandbox's Microsoft accounts, as notifications carry it. */
export const sandboxTenantId = '9188040d-6c67-4c5b-b112-36a304b66dad';

export type Caller = { grant: Grant; address: string };

export const caller = (
  grants: OAuthGrants,
  store: MailStore,
  request: SandboxRequest,
  scopes: string[],
  call: string,
): Caller | SandboxResponse => {
  const grant = bearerGrant(grants, 'microsoft', request);
  if (!grant) return graphError(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
  if (!grant.scopes.some((scope) => scopes.includes(scope))) {
    return graphError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
  }
  store.mailbox(grant.email);
  store.recordCall(grant.email, 'outlook', call, 1);
  const retryAfter = store.takeThrottle(grant.email, 'outlook');
  if (retryAfter !== null) {
    return graphError(429, 'ApplicationThrottled', 'Application is over its MailboxConcurrency limit.', {
      'Retry-After': String(retryAfter),
    });
  }
  return { grant, address: grant.email };
};

export const isResponse = (value: Caller | SandboxResponse): value is SandboxResponse => !('grant' in value);

/** Well-known folder names (and the ids messages carry as `parentFolderId`). */
const folders: Record<string, MailLabel> = { inbox: 'INBOX', sentitems: 'SENT' };
const folderIds: Record<MailLabel, string> = { INBOX: 'AQMkAGISandboxInbox', SENT: 'AQMkAGISandboxSentItems' };

/** `inbox`, `Inbox`, `('inbox')` or a folder id as the label it stands for. */
const folderOf = (segment: string): MailLabel | undefined => {
  const name = (/^\('(.+)'\)$/.exec(segment)?.[1] ?? segment).toLowerCase();
  return folders[name] ?? (Object.entries(folderIds).find(([, id]) => id.toLowerCase() === name)?.[0] as MailLabel);
};

const recipient = (address: { address: string; name: string | null }) => ({
  emailAddress: { name: address.name ?? address.address, address: address.address },
});

/** An attendee's PARTSTAT in a REPLY as Graph's `meetingMessageType` and `responseType` name it (sic 'Tenatively'). */
const responses: Record<string, { meetingMessageType: string; responseType: string }> = {
  ACCEPTED: { meetingMessageType: 'meetingAccepted', responseType: 'accepted' },
  TENTATIVE: { meetingMessageType: 'meetingTenativelyAccepted', responseType: 'tentativelyAccepted' },
  DECLINED: { meetingMessageType: 'meetingDeclined', responseType: 'declined' },
};

/**
 * What Exchange makes of a message carrying a `text/calendar` part (RFC 6047; MS-OXCICAL): a meeting item, which
 * Graph answers as a derived type of message. An invitation (METHOD:REQUEST) is an eventMessageRequest
 * (`meetingRequest`), a cancellation an eventMessage (`meetingCancelled`), an attendee's answer (METHOD:REPLY) an
 * eventMessageResponse whose `meetingMessageType` and `responseType` say the PARTSTAT. Undefined: a plain message.
 * @link https://learn.microsoft.com/en-us/graph/api/resources/eventmessage
 * @link https://learn.microsoft.com/en-us/graph/api/resources/eventmessageresponse
 */
export const meetingMessageOf = (copy: MailCopy): Record<string, string> | undefined => {
  for (const part of copy.attachments) {
    if (part.contentType.toLowerCase() !== 'text/calendar' || part.content === null) continue;
    const event = readCalendarEvent(Buffer.from(part.content, 'base64').toString('utf8'));
    if (event?.method === 'REQUEST') {
      return { '@odata.type': '#microsoft.graph.eventMessageRequest', meetingMessageType: 'meetingRequest' };
    }
    if (event?.method === 'CANCEL') {
      return { '@odata.type': '#microsoft.graph.eventMessage', meetingMessageType: 'meetingCancelled' };
    }
    if (event?.method === 'REPLY') {
      const response = responses[event.attendees[0]?.partstat ?? ''] ?? {
        meetingMessageType: 'none',
        responseType: 'none',
      };
      return { '@odata.type': '#microsoft.graph.eventMessageResponse', ...response };
    }
  }
  return undefined;
};

/**
 * The properties of the derived types (eventMessage, eventMessageResponse) `$select` may name, each only in its
 * type-cast form (`microsoft.graph.eventMessage/meetingMessageType`): Graph refuses the bare name (400) since a
 * message has no such property.
 */
const derivedProperties: Record<string, string> = {
  'microsoft.graph.eventMessage/meetingMessageType': 'meetingMessageType',
  'microsoft.graph.eventMessageResponse/meetingMessageType': 'meetingMessageType',
  'microsoft.graph.eventMessageResponse/responseType': 'responseType',
};

/** Graph's 400 to a `$select` naming a derived type's property without its cast, or undefined when it is fine. */
export const invalidSelect = (select: string[] | undefined) => {
  const bare = new Set(Object.values(derivedProperties));
  const wrong = select?.find((name) => bare.has(name));
  if (wrong === undefined) return undefined;
  return graphError(
    400,
    'RequestBroker-ParseUri',
    `Could not find a property named '${wrong}' on type 'Microsoft.OutlookServices.Message'.`,
  );
};

/**
 * A message resource; `internetMessageHeaders` only when `$select` asks for it, as Graph. A meeting message
 * (`meetingMessageOf`) carries its `@odata.type` always, its derived properties unless `$select` leaves them out.
 * @link https://learn.microsoft.com/en-us/graph/api/resources/message
 */
export const graphMessage = (copy: MailCopy, select: string[] | undefined) => {
  const meeting = meetingMessageOf(copy);
  const label = copy.labels[0] ?? 'INBOX';
  const message: Record<string, unknown> = {
    '@odata.etag': `W/"CQAAABYAAAA${copy.changeSeq}"`,
    id: copy.graphId,
    createdDateTime: copy.time,
    lastModifiedDateTime: copy.time,
    changeKey: `CQAAABYAAAA${copy.changeSeq}`,
    categories: [],
    receivedDateTime: copy.time,
    sentDateTime: copy.time,
    hasAttachments: copy.attachments.length > 0,
    internetMessageId: copy.internetMessageId,
    subject: copy.subject,
    bodyPreview: copy.text.replace(/\s+/g, ' ').trim().slice(0, 255),
    importance: 'normal',
    parentFolderId: folderIds[label],
    conversationId: copy.conversationId,
    isDeliveryReceiptRequested: false,
    isReadReceiptRequested: false,
    isRead: label === 'SENT',
    isDraft: false,
    inferenceClassification: 'focused',
    body: copy.html ? { contentType: 'html', content: copy.html } : { contentType: 'text', content: copy.text },
    sender: recipient(copy.from),
    from: recipient(copy.from),
    toRecipients: copy.to.map(recipient),
    ccRecipients: copy.cc.map(recipient),
    bccRecipients: [],
    replyTo: [],
    flag: { flagStatus: 'notFlagged' },
  };
  if (!select) return meeting ? { '@odata.type': meeting['@odata.type'], ...message, ...meeting } : message;
  const picked: Record<string, unknown> = {
    ...(meeting ? { '@odata.type': meeting['@odata.type'] } : {}),
    '@odata.etag': message['@odata.etag'],
    id: copy.graphId,
  };
  for (const name of select) {
    const derived = derivedProperties[name];
    if (derived) {
      if (meeting?.[derived] !== undefined) picked[derived] = meeting[derived];
      continue;
    }
    picked[name] = name === 'internetMessageHeaders' ? copy.headers : message[name];
  }
  return picked;
};

export const selectOf = (request: SandboxRequest) =>
  request.query
    .get('$select')
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);

type Clause = (copy: MailCopy) => boolean;

/** `$filter` clauses joined by `and`: internetMessageId/conversationId/subject eq, receivedDateTime ge|gt|le|lt. */
export const filterOf = (value: string | null): Clause | undefined => {
  if (!value) return () => true;
  const clauses: Clause[] = [];
  for (const part of value.split(/\s+and\s+/i)) {
    const found = /^\s*\(?\s*([\w/]+)\s+(eq|ge|gt|le|lt)\s+(.+?)\s*\)?\s*$/i.exec(part);
    if (!found) return undefined;
    const [, field, operator, literal] = found as unknown as [string, string, string, string];
    const quoted = /^'(.*)'$/.exec(literal)?.[1]?.replace(/''/g, "'");
    const op = operator.toLowerCase();
    if (field === 'receivedDateTime' || field === 'sentDateTime') {
      const at = Date.parse(quoted ?? literal);
      if (Number.isNaN(at)) return undefined;
      const compare = {
        eq: (t: number) => t === at,
        ge: (t: number) => t >= at,
        gt: (t: number) => t > at,
        le: (t: number) => t <= at,
        lt: (t: number) => t < at,
      }[op]!;
      clauses.push((copy) => compare(Date.parse(copy.time)));
      continue;
    }
    if (op !== 'eq' || quoted === undefined) return undefined;
    const read: Record<string, (copy: MailCopy) => string> = {
      internetMessageId: (copy) => copy.internetMessageId,
      conversationId: (copy) => copy.conversationId,
      subject: (copy) => copy.subject,
      'from/emailAddress/address': (copy) => copy.from.address,
    };
    const reader = read[field];
    if (!reader) return undefined;
    clauses.push((copy) => reader(copy).toLowerCase() === quoted.toLowerCase());
  }
  return (copy) => clauses.every((clause) => clause(copy));
};

export const invalidFilter = () =>
  graphError(400, 'ErrorInvalidUrlQueryFilter', 'The query filter contains one or more invalid nodes.');

/**
 * `GET /me/messages` and `/me/mailFolders/{folder}/messages`: $filter, $select, $top, $skip, $orderby
 * (receivedDateTime desc by default).
 * @link https://learn.microsoft.com/en-us/graph/api/user-list-messages
 */
const listMessages = (grants: OAuthGrants, store: MailStore) => (request: SandboxRequest) => {
  const who = caller(grants, store, request, readScopes, 'messages.list');
  if (isResponse(who)) return who;
  let label: MailLabel | undefined;
  if (request.params.folder !== undefined) {
    label = folderOf(request.params.folder);
    if (!label) return graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
  }
  const filter = filterOf(request.query.get('$filter'));
  if (!filter) return invalidFilter();
  const refused = invalidSelect(selectOf(request));
  if (refused) return refused;
  const ascending = /receivedDateTime\s+asc/i.test(request.query.get('$orderby') ?? '');
  const found = store
    .copiesOf(who.address)
    .filter((copy) => (!label || copy.labels.includes(label)) && filter(copy))
    .sort(
      (a, b) =>
        (ascending ? 1 : -1) * (Date.parse(a.time) - Date.parse(b.time)) ||
        (ascending ? 1 : -1) * (a.changeSeq - b.changeSeq),
    );
  const top = Math.min(Number(request.query.get('$top') ?? 10) || 10, 1000);
  const skip = Number(request.query.get('$skip') ?? 0) || 0;
  const page = found.slice(skip, skip + top);
  const next = new URL(`${request.origin}${request.path}`);
  for (const [name, value] of request.query) if (name !== '$skip') next.searchParams.set(name, value);
  next.searchParams.set('$skip', String(skip + top));
  return {
    json: {
      '@odata.context': `${request.origin}${graphRoot}/$metadata#users('${graphUserId(who.address)}')/messages`,
      value: page.map((copy) => graphMessage(copy, selectOf(request))),
      ...(skip + top < found.length ? { '@odata.nextLink': next.href } : {}),
    },
  };
};

export const messageNotFound = () =>
  graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');

/**
 * `GET /me/messages/{id}` (and `/$value`, the MIME).
 * @link https://learn.microsoft.com/en-us/graph/api/message-get
 */
const getMessage = (grants: OAuthGrants, store: MailStore, mime: boolean) => (request: SandboxRequest) => {
  const who = caller(grants, store, request, readScopes, 'messages.get');
  if (isResponse(who)) return who;
  const copy = store.byGraphId(who.address, request.params.id!);
  if (!copy) return messageNotFound();
  const refused = invalidSelect(selectOf(request));
  if (refused) return refused;
  if (mime) return { bytes: Buffer.from(copy.raw, 'base64'), headers: { 'Content-Type': 'text/plain' } };
  return {
    json: {
      '@odata.context': `${request.origin}${graphRoot}/$metadata#users('${graphUserId(who.address)}')/messages/$entity`,
      ...graphMessage(copy, selectOf(request)),
    },
  };
};

const jsonMessage = z.object({
  message: z.object({
    subject: z.string().default(''),
    body: z.object({ contentType: z.string().default('text'), content: z.string().default('') }).optional(),
    toRecipients: z
      .array(z.object({ emailAddress: z.object({ address: z.string(), name: z.string().optional() }) }))
      .default([]),
    ccRecipients: z
      .array(z.object({ emailAddress: z.object({ address: z.string(), name: z.string().optional() }) }))
      .default([]),
    bccRecipients: z
      .array(z.object({ emailAddress: z.object({ address: z.string(), name: z.string().optional() }) }))
      .default([]),
    internetMessageHeaders: z.array(z.object({ name: z.string(), value: z.string() })).default([]),
  }),
  saveToSentItems: z.boolean().optional(),
});

/**
 * The MIME message of a request that carries one, as `sendMail` and `POST /me/messages` take it: a MIME message
 * (`Content-Type: text/plain`, base64) as given, or a JSON message composed as Outlook would.
 */
export const messageOfRequest = async (request: SandboxRequest, sender: string): Promise<Buffer | SandboxResponse> => {
  if ((request.headers['content-type'] ?? '').startsWith('text/plain')) {
    const text = request.body.toString('utf8').trim();
    if (!text || !/^[A-Za-z0-9+/=\r\n]+$/.test(text)) {
      return graphError(400, 'ErrorMimeContentInvalidBase64String', 'Invalid base64 string for MIME content.');
    }
    return Buffer.from(text, 'base64');
  }
  let parsed: z.infer<typeof jsonMessage>;
  try {
    const body = request.json<Record<string, unknown>>();
    // sendMail wraps the message ({message, saveToSentItems}); POST /me/messages is the message itself
    parsed = jsonMessage.parse(body && 'message' in body ? body : { message: body ?? {} });
  } catch {
    return graphError(400, 'ErrorInvalidRequest', 'The request body is not a valid message.');
  }
  const { message } = parsed;
  const custom = message.internetMessageHeaders.find((header) => !/^x-/i.test(header.name));
  if (custom) {
    return graphError(
      400,
      'InvalidInternetMessageHeader',
      `The internet message header name '${custom.name}' should start with 'x-' or 'X-'.`,
    );
  }
  const to = (list: typeof message.toRecipients) =>
    list.map(({ emailAddress }) => ({ address: emailAddress.address, name: emailAddress.name ?? '' }));
  const isHtml = message.body?.contentType.toLowerCase() === 'html';
  return new MailComposer({
    from: sender,
    to: to(message.toRecipients),
    cc: to(message.ccRecipients),
    bcc: to(message.bccRecipients),
    subject: message.subject,
    ...(isHtml ? { html: message.body?.content ?? '' } : { text: message.body?.content ?? '' }),
    headers: Object.fromEntries(message.internetMessageHeaders.map((header) => [header.name, header.value])),
    messageId: `<${randomUUID().replace(/-/g, '').toUpperCase()}@sandbox.outlook.local>`,
  })
    .compile()
    .build();
};

/** A message delivered to the sandbox's mail as Graph sends it; 400 ErrorInvalidRecipients without a recipient. */
export const deliver = async (store: MailStore, raw: Buffer, sender: string): Promise<SandboxResponse | null> => {
  try {
    await store.submit(raw, { sender });
    return null;
  } catch (error) {
    if (error instanceof MailStoreError) {
      return graphError(
        400,
        'ErrorInvalidRecipients',
        "At least one recipient is not valid., A message can't be sent because it contains no recipients.",
      );
    }
    throw error;
  }
};

/**
 * `POST /me/sendMail`: a JSON message or a MIME message (`Content-Type: text/plain`, base64); 202, no body, as Graph.
 * A request over Graph's 4 MB is refused (413) before anything is read.
 * @link https://learn.microsoft.com/en-us/graph/api/user-sendmail
 */
const sendMail = (grants: OAuthGrants, store: MailStore) => async (request: SandboxRequest) => {
  const who = caller(grants, store, request, sendScopes, 'sendMail');
  if (isResponse(who)) return who;
  if (request.body.length > graphRequestLimitBytes) return requestTooLarge();
  const raw = await messageOfRequest(request, who.address);
  if (!Buffer.isBuffer(raw)) return raw;
  const refused = await deliver(store, raw, who.address);
  if (refused) return refused;
  return { status: 202, bytes: Buffer.alloc(0) };
};

/** A delta link's state: the folder, the change it starts after (-1: the initial sync), the page within it. */
const deltaState = z.object({
  m: z.string(),
  f: z.enum(['INBOX', 'SENT']),
  from: z.number(),
  to: z.number(),
  o: z.number(),
  sel: z.array(z.string()).optional(),
  ge: z.number().optional(),
});
type DeltaState = z.infer<typeof deltaState>;

const encodeState = (state: DeltaState) => Buffer.from(JSON.stringify(state)).toString('base64url');
const decodeState = (token: string): DeltaState | undefined => {
  try {
    return deltaState.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
};

const syncStateNotFound = () =>
  graphError(410, 'syncStateNotFound', 'The sync state generation is not found. A full resync is required.');

/**
 * `GET /me/mailFolders/{folder}/messages/delta`: the initial sync in pages (`@odata.nextLink` with `$skiptoken`),
 * then `@odata.deltaLink` with a `$deltatoken`; a token the mailbox no longer keeps (or not its own) is 410.
 * Page size: `Prefer: odata.maxpagesize=n` or `$top` (@default 10).
 * @link https://learn.microsoft.com/en-us/graph/api/message-delta
 */
const delta = (grants: OAuthGrants, store: MailStore) => (request: SandboxRequest) => {
  const who = caller(grants, store, request, readScopes, 'delta');
  if (isResponse(who)) return who;
  const label = folderOf(request.params.folder!);
  if (!label) return messageNotFound();
  const mailbox = store.mailbox(who.address);
  const token = request.query.get('$deltatoken') ?? request.query.get('$skiptoken');
  let state: DeltaState;
  if (token !== null) {
    const decoded = decodeState(token);
    if (!decoded || decoded.m !== who.address || decoded.f !== label) return syncStateNotFound();
    state = request.query.has('$deltatoken') ? { ...decoded, to: mailbox.changeSeq, o: 0 } : decoded;
  } else {
    const filter = request.query.get('$filter');
    const ge = filter ? /receivedDateTime\s+g[et]\s+'?([^'\s)]+)'?/i.exec(filter)?.[1] : undefined;
    if (filter && (!ge || Number.isNaN(Date.parse(ge)))) return invalidFilter();
    const select = selectOf(request);
    const refused = invalidSelect(select);
    if (refused) return refused;
    state = {
      m: who.address,
      f: label,
      from: -1,
      to: mailbox.changeSeq,
      o: 0,
      ...(select ? { sel: select } : {}),
      ...(ge ? { ge: Date.parse(ge) } : {}),
    };
  }
  if (state.from >= 0 && state.from < mailbox.changeFloor) return syncStateNotFound();
  const prefer = /odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''))?.[1];
  const size = Math.min(Number(prefer ?? request.query.get('$top') ?? 10) || 10, 1000);
  const changed = store
    .copiesOf(who.address)
    .filter(
      (copy) =>
        copy.labels.includes(state.f) &&
        copy.changeSeq > state.from &&
        copy.changeSeq <= state.to &&
        (state.ge === undefined || Date.parse(copy.time) >= state.ge),
    );
  const page = changed.slice(state.o, state.o + size);
  const link = `${request.origin}${graphRoot}/me/mailFolders/${label === 'INBOX' ? 'inbox' : 'sentitems'}/messages/delta`;
  const more = state.o + size < changed.length;
  const nextLink = more
    ? { '@odata.nextLink': `${link}?$skiptoken=${encodeState({ ...state, o: state.o + size })}` }
    : {
        '@odata.deltaLink': `${link}?$deltatoken=${encodeState({ ...state, from: state.to, to: state.to, o: 0 })}`,
      };
  return {
    headers: prefer ? { 'Preference-Applied': `odata.maxpagesize=${size}` } : {},
    json: {
      '@odata.context': `${request.origin}${graphRoot}/$metadata#Collection(message)`,
      value: page.map((copy) => graphMessage(copy, state.sel)),
      ...nextLink,
    },
  };
};

/** Graph keeps a subscription to Outlook messages at most 4230 minutes (about 3 days). */
export const maxSubscriptionMinutes = 4230;
const validationTimeoutMs = 10_000;

/** The resource forms of a subscription to a mailbox's messages: `me/messages`, `me/mailFolders('Inbox')/messages`. */
const resourcePattern = /^\/?(me|users\/[^/]+)\/(mailFolders(?:\('([^']+)'\)|\/([^/]+))\/)?messages$/i;

/** Which copies a subscription's resource covers: a folder's or every message of the mailbox. */
export const subscriptionCovers = (subscription: GraphSubscription, copy: MailCopy) => {
  const found = resourcePattern.exec(subscription.resource);
  if (!found) return false;
  const folder = found[3] ?? found[4];
  if (!folder) return true;
  const label = folderOf(folder);
  return label !== undefined && copy.labels.includes(label);
};

/**
 * Graph's validation handshake: POST `url?validationToken=...` (text/plain) must answer 200 with the token as
 * text/plain within 10 s.
 * @link https://learn.microsoft.com/en-us/graph/change-notifications-delivery-webhooks#notificationurl-validation
 */
export const validateEndpoint = async (url: string) => {
  const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
  const target = new URL(url);
  target.searchParams.set('validationToken', token);
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: '',
      signal: AbortSignal.timeout(validationTimeoutMs),
    });
    const text = await response.text();
    return (
      response.status === 200 && text === token && (response.headers.get('content-type') ?? '').startsWith('text/plain')
    );
  } catch {
    return false;
  }
};

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const subscriptionBody = z.object({
  changeType: z.string().min(1),
  notificationUrl: z.string().refine(isHttpUrl),
  lifecycleNotificationUrl: z.string().refine(isHttpUrl).optional(),
  resource: z.string(),
  expirationDateTime: z.string(),
  clientState: z.string().max(128).optional(),
  latestSupportedTlsVersion: z.string().optional(),
});

const subscriptionJson = (request: SandboxRequest, subscription: GraphSubscription) => ({
  '@odata.context': `${request.origin}${graphRoot}/$metadata#subscriptions/$entity`,
  id: subscription.id,
  resource: subscription.resource,
  applicationId: subscription.applicationId,
  changeType: subscription.changeType,
  clientState: subscription.clientState,
  notificationUrl: subscription.notificationUrl,
  lifecycleNotificationUrl: subscription.lifecycleNotificationUrl,
  expirationDateTime: subscription.expirationDateTime,
  creatorId: subscription.creatorId,
  includeResourceData: null,
  latestSupportedTlsVersion: subscription.latestSupportedTlsVersion,
  encryptionCertificate: null,
  encryptionCertificateId: null,
  notificationUrlAppId: null,
});

/** An expiration within Graph's limit, or the refusal. */
const expirationOf = (store: MailStore, value: string): Date | SandboxResponse => {
  const at = Date.parse(value);
  if (Number.isNaN(at)) return graphError(400, 'InvalidRequest', `Invalid expirationDateTime '${value}'.`);
  if (at <= store.now()) return graphError(400, 'InvalidRequest', 'Subscription expiration must be in the future.');
  if (at > store.now() + maxSubscriptionMinutes * 60_000) {
    return graphError(
      400,
      'InvalidRequest',
      `Subscription expiration can only be ${maxSubscriptionMinutes} minutes in the future.`,
    );
  }
  return new Date(at);
};

/**
 * `POST /subscriptions`: change notifications for a mailbox's messages, after the validation handshake.
 * @link https://learn.microsoft.com/en-us/graph/api/subscription-post-subscriptions
 */
const createSubscription = (grants: OAuthGrants, store: MailStore) => async (request: SandboxRequest) => {
  const who = caller(grants, store, request, readScopes, 'subscriptions.create');
  if (isResponse(who)) return who;
  let body: z.infer<typeof subscriptionBody>;
  try {
    body = subscriptionBody.parse(request.json());
  } catch {
    return graphError(400, 'InvalidRequest', 'The subscription is missing or has invalid properties.');
  }
  const changeTypes = body.changeType.split(',').map((type) => type.trim());
  if (!changeTypes.every((type) => ['created', 'updated', 'deleted'].includes(type))) {
    return graphError(400, 'InvalidRequest', `Invalid changeType '${body.changeType}'.`);
  }
  if (!resourcePattern.test(body.resource)) {
    return graphError(400, 'InvalidRequest', `Resource '${body.resource}' is not supported.`);
  }
  const expiration = expirationOf(store, body.expirationDateTime);
  if (!(expiration instanceof Date)) return expiration;
  for (const url of [body.notificationUrl, body.lifecycleNotificationUrl]) {
    if (url !== undefined && !(await validateEndpoint(url))) {
      return graphError(
        400,
        'ValidationError',
        'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.',
      );
    }
  }
  const subscription: GraphSubscription = {
    id: randomUUID(),
    mailbox: who.address,
    resource: body.resource,
    changeType: changeTypes.join(','),
    notificationUrl: body.notificationUrl,
    lifecycleNotificationUrl: body.lifecycleNotificationUrl ?? null,
    clientState: body.clientState ?? null,
    expirationDateTime: expiration.toISOString(),
    applicationId: who.grant.clientId,
    creatorId: graphUserId(who.address),
    latestSupportedTlsVersion: body.latestSupportedTlsVersion ?? 'v1_2',
  };
  store.addSubscription(subscription);
  return { status: 201, json: subscriptionJson(request, subscription) };
};

const ownSubscription = (store: MailStore, who: Caller, id: string) =>
  store.subscriptions().find((subscription) => subscription.id === id && subscription.mailbox === who.address);

const subscriptionNotFound = () => graphError(404, 'ResourceNotFound', 'The object was not found.');

/**
 * `PATCH /subscriptions/{id} {expirationDateTime}` (renewal), `GET` and `DELETE` (204).
 * @link https://learn.microsoft.com/en-us/graph/api/subscription-update
 */
const subscriptionRoutes = (grants: OAuthGrants, store: MailStore) => ({
  get: (request: SandboxRequest) => {
    const who = caller(grants, store, request, readScopes, 'subscriptions.get');
    if (isResponse(who)) return who;
    const subscription = ownSubscription(store, who, request.params.id!);
    return subscription ? { json: subscriptionJson(request, subscription) } : subscriptionNotFound();
  },
  patch: (request: SandboxRequest) => {
    const who = caller(grants, store, request, readScopes, 'subscriptions.update');
    if (isResponse(who)) return who;
    const subscription = ownSubscription(store, who, request.params.id!);
    if (!subscription) return subscriptionNotFound();
    let body: { expirationDateTime?: string } | undefined;
    try {
      body = request.json<{ expirationDateTime?: string }>();
    } catch {
      body = undefined;
    }
    if (!body?.expirationDateTime) return graphError(400, 'InvalidRequest', 'expirationDateTime is required.');
    const expiration = expirationOf(store, body.expirationDateTime);
    if (!(expiration instanceof Date)) return expiration;
    store.removeSubscription(subscription.id);
    const renewed = { ...subscription, expirationDateTime: expiration.toISOString() };
    store.addSubscription(renewed);
    return { json: subscriptionJson(request, renewed) };
  },
  delete: (request: SandboxRequest) => {
    const who = caller(grants, store, request, readScopes, 'subscriptions.delete');
    if (isResponse(who)) return who;
    const subscription = ownSubscription(store, who, request.params.id!);
    if (!subscription) return subscriptionNotFound();
    store.removeSubscription(subscription.id);
    return { status: 204, bytes: Buffer.alloc(0) };
  },
});

/** A route of the `mailFolders('inbox')` form: the segment's folder as `folder`. */
const quotedFolder =
  (handle: (request: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>) => (request: SandboxRequest) => {
    const found = /^mailFolders(\('[^']+'\))$/i.exec(request.params.segment ?? '');
    if (!found) return graphError(400, 'BadRequest', `Resource not found for the segment '${request.params.segment}'.`);
    return handle({ ...request, params: { ...request.params, folder: found[1]! } });
  };

/** The Graph mail routes, under the Graph base URL microsoft.ts serves `/me` at. */
export const graphMailVendor: SandboxVendor = {
  name: 'graph-mail',
  summary:
    'Microsoft Graph mail (base URL /microsoft/graph/, v1.0): /me/sendMail, /me/messages, /me/mailFolders/{folder}/messages[/delta], /subscriptions',
  register: (router, context) => {
    const grants = oauthGrantsOf(context);
    const store = mailStoreOf(context);
    const subscriptions = subscriptionRoutes(grants, store);
    const me = `${graphRoot}/me`;
    router
      .post(`${me}/sendMail`, sendMail(grants, store))
      .get(`${me}/messages`, listMessages(grants, store))
      .get(`${me}/messages/:id/$value`, getMessage(grants, store, true))
      .get(`${me}/messages/:id`, getMessage(grants, store, false))
      .get(`${me}/mailFolders/:folder/messages/delta`, delta(grants, store))
      .get(`${me}/mailFolders/:folder/messages`, listMessages(grants, store))
      .get(`${me}/mailFolders/:folder/messages/:id`, getMessage(grants, store, false))
      .get(`${me}/:segment/messages/delta`, quotedFolder(delta(grants, store)))
      .get(`${me}/:segment/messages`, quotedFolder(listMessages(grants, store)))
      .post(`${graphRoot}/subscriptions`, createSubscription(grants, store))
      .get(`${graphRoot}/subscriptions/:id`, subscriptions.get)
      .route('PATCH', `${graphRoot}/subscriptions/:id`, subscriptions.patch)
      .route('DELETE', `${graphRoot}/subscriptions/:id`, subscriptions.delete);
  },
};
