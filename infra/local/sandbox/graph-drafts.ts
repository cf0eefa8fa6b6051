import { randomBytes, randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import * as z from 'zod';
import {
  caller,
  deliver,
  filterOf,
  graphError,
  graphRequestLimitBytes,
  graphUserId,
  invalidFilter,
  isResponse,
  messageNotFound,
  messageOfRequest,
  readScopes,
  requestTooLarge,
  selectOf,
  sendScopes,
} from './graph-mail.js';
import { type MailCopy, type MailStore, mailStoreOf, parseMime } from './mail-store.js';
import type { OAuthGrants } from './oauth-grants.js';
import { oauthGrantsOf } from './oauth-server.js';
import type { SandboxRequest, SandboxVendor } from './router.js';

/**
 * Graph's way to send a message over its 4 MB request limit (DESIGN §9 'Sandbox additions'), as Microsoft documents
 * it: a draft (`POST /me/messages`, JSON or MIME), its attachments added one by one (`POST .../attachments` under
 * 3 MB, an upload session from 3 MB to 150 MB whose bytes are PUT in ranges to a pre-authenticated URL), then
 * `POST .../send`, which delivers it to the sandbox's mail as `sendMail` does. Creating and changing a draft takes
 * `Mail.ReadWrite`. Drafts live in memory: a sandbox restart drops them, as an unsent draft matters to nobody here.
 * @link https://learn.microsoft.com/en-us/graph/outlook-large-attachments
 * @link https://learn.microsoft.com/en-us/graph/api/user-post-messages
 * @link https://learn.microsoft.com/en-us/graph/api/attachment-createuploadsession
 */

const graphRoot = '/microsoft/graph/v1.0';
const writeScopes = ['Mail.ReadWrite'];

const mib = 1024 * 1024;
/** An attachment from this size on goes through an upload session; smaller ones are refused there. */
export const uploadSessionMinBytes = 3 * mib;
export const uploadSessionMaxBytes = 150 * mib;
/** One PUT of an upload session carries at most this, and every range but the last a multiple of 320 KiB. */
export const uploadChunkMaxBytes = 4 * mib;
export const uploadChunkMultipleBytes = 320 * 1024;
const uploadSessionLifetimeMs = 15 * 60_000;

type DraftAttachment = { id: string; name: string; contentType: string; content: Buffer };
type Draft = {
  id: string;
  mailbox: string;
  internetMessageId: string;
  subject: string;
  conversationId: string;
  createdAt: string;
  /** the message as created (no attachment uploaded since) */
  raw: Buffer;
  attachments: DraftAttachment[];
};
type UploadSession = {
  id: string;
  token: string;
  mailbox: string;
  draftId: string;
  name: string;
  contentType: string;
  size: number;
  received: Buffer[];
  next: number;
  expiresAt: number;
};

const idOf = (prefix: string) => `${prefix}${randomBytes(30).toString('base64url')}`;

const draftJson = (request: SandboxRequest, draft: Draft) => ({
  '@odata.context': `${request.origin}${graphRoot}/$metadata#users('${graphUserId(draft.mailbox)}')/messages/$entity`,
  id: draft.id,
  createdDateTime: draft.createdAt,
  lastModifiedDateTime: draft.createdAt,
  internetMessageId: draft.internetMessageId,
  subject: draft.subject,
  conversationId: draft.conversationId,
  isDraft: true,
  hasAttachments: draft.attachments.length > 0,
});

const attachmentJson = (attachment: DraftAttachment, withContent: boolean) => ({
  '@odata.type': '#microsoft.graph.fileAttachment',
  id: attachment.id,
  name: attachment.name,
  contentType: attachment.contentType,
  size: attachment.content.length,
  isInline: false,
  ...(withContent ? { contentBytes: attachment.content.toString('base64') } : {}),
});

/** `POST /me/messages/{id}/attachments`: a file attachment with its bytes. */
const fileAttachmentBody = z.object({
  '@odata.type': z.literal('#microsoft.graph.fileAttachment'),
  name: z.string().min(1),
  contentType: z.string().optional(),
  contentBytes: z.base64(),
});

/** `POST .../attachments/createUploadSession`. */
const uploadSessionBody = z.object({
  AttachmentItem: z.object({
    attachmentType: z.literal('file'),
    name: z.string().min(1),
    size: z.number().int(),
    contentType: z.string().optional(),
  }),
});

/** `bytes <first>-<last>/<total>` (RFC 9110 §14.4). */
const contentRangeOf = (value: string | undefined) => {
  const found = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value ?? '');
  if (!found) return undefined;
  const [first, last, total] = found.slice(1).map(Number) as [number, number, number];
  return last >= first && last < total ? { first, last, total } : undefined;
};

/**
 * The message a draft sends: the draft's own message with the attachments added to it, composed again as Outlook
 * does (its Message-ID, threading and `X-` headers kept).
 */
const sentMessageOf = async (draft: Draft): Promise<Buffer> => {
  if (draft.attachments.length === 0) return draft.raw;
  const parsed = await simpleParser(draft.raw, { skipImageLinks: true, skipTextToHtml: true });
  const addresses = (value: typeof parsed.to) =>
    (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) =>
      object.value.flatMap((entry) => (entry.address ? [{ address: entry.address, name: entry.name }] : [])),
    );
  const extra = parsed.headerLines
    .filter(({ key }) => key.startsWith('x-'))
    .map(({ line }) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]);
  const references = Array.isArray(parsed.references) ? parsed.references : parsed.references?.split(/\s+/);
  return new MailComposer({
    from: addresses(parsed.from)[0] ?? draft.mailbox,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: parsed.subject ?? '',
    messageId: draft.internetMessageId,
    ...(parsed.inReplyTo ? { inReplyTo: parsed.inReplyTo } : {}),
    ...(references?.length ? { references } : {}),
    ...(parsed.date ? { date: parsed.date } : {}),
    text: parsed.text ?? '',
    ...(parsed.html ? { html: parsed.html } : {}),
    headers: Object.fromEntries(extra),
    attachments: [
      ...parsed.attachments.map((attachment) => ({
        ...(attachment.filename ? { filename: attachment.filename } : {}),
        contentType: attachment.contentType,
        content: attachment.content,
      })),
      ...draft.attachments.map((attachment) => ({
        filename: attachment.name,
        contentType: attachment.contentType,
        content: attachment.content,
      })),
    ],
    newline: 'windows',
  })
    .compile()
    .build();
};

export const graphDraftsVendor: SandboxVendor = {
  name: 'graph-drafts',
  summary:
    'Microsoft Graph large messages: POST /me/messages (draft), /me/messages/{id}/attachments[/createUploadSession], PUT <uploadUrl>, POST /me/messages/{id}/send; sendMail over 4 MB is 413',
  register: (router, context) => {
    const grants: OAuthGrants = oauthGrantsOf(context);
    const store: MailStore = mailStoreOf(context);
    const drafts = new Map<string, Draft>();
    const sessions = new Map<string, UploadSession>();
    const me = `${graphRoot}/me`;

    const ownDraft = (address: string, id: string) => {
      const draft = drafts.get(id);
      return draft && draft.mailbox === address ? draft : undefined;
    };

    /** The caller's draft of the path's id, or Graph's refusal (the scopes asked, then 404). */
    const draftCall = (request: SandboxRequest, scopes: string[], call: string) => {
      const who = caller(grants, store, request, scopes, call);
      if (isResponse(who)) return who;
      const draft = ownDraft(who.address, request.params.id!);
      return draft ? { who, draft } : messageNotFound();
    };

    router
      // `POST /me/messages`: a draft in Drafts (201), from JSON or MIME
      .post(`${me}/messages`, async (request) => {
        const who = caller(grants, store, request, writeScopes, 'messages.create');
        if (isResponse(who)) return who;
        if (request.body.length > graphRequestLimitBytes) return requestTooLarge();
        const raw = await messageOfRequest(request, who.address);
        if (!Buffer.isBuffer(raw)) return raw;
        const parsed = await parseMime(raw);
        const draft: Draft = {
          id: idOf('AAMkAGI'),
          mailbox: who.address,
          internetMessageId: parsed.internetMessageId,
          subject: parsed.subject,
          conversationId: idOf('AAQkAGI'),
          createdAt: new Date(store.now()).toISOString(),
          raw,
          attachments: [],
        };
        drafts.set(draft.id, draft);
        return { status: 201, json: draftJson(request, draft) };
      })
      // the Drafts folder: $filter (internetMessageId, subject eq) and $select, newest first
      .get(`${me}/mailFolders/drafts/messages`, (request) => {
        const who = caller(grants, store, request, readScopes, 'messages.list');
        if (isResponse(who)) return who;
        const filter = filterOf(request.query.get('$filter'));
        if (!filter) return invalidFilter();
        const found = [...drafts.values()]
          .filter(
            (draft) =>
              draft.mailbox === who.address &&
              filter({
                internetMessageId: draft.internetMessageId,
                conversationId: draft.conversationId,
                subject: draft.subject,
                from: { address: draft.mailbox },
                time: draft.createdAt,
              } as MailCopy),
          )
          .reverse();
        const select = selectOf(request);
        return {
          json: {
            value: found.map((draft) => {
              const json = draftJson(request, draft) as Record<string, unknown>;
              return select ? Object.fromEntries(['id', ...select].map((name) => [name, json[name]])) : json;
            }),
          },
        };
      })
      .get(`${me}/messages/:id/attachments`, (request) => {
        const found = draftCall(request, readScopes, 'attachments.list');
        if (!('draft' in found)) return found;
        return { json: { value: found.draft.attachments.map((attachment) => attachmentJson(attachment, false)) } };
      })
      // `POST /me/messages/{id}/attachments`: a file under Graph's request limit (the 4 MB of the JSON body)
      .post(`${me}/messages/:id/attachments`, (request) => {
        const found = draftCall(request, writeScopes, 'attachments.create');
        if (!('draft' in found)) return found;
        if (request.body.length > graphRequestLimitBytes) return requestTooLarge();
        let body: z.infer<typeof fileAttachmentBody>;
        try {
          body = fileAttachmentBody.parse(request.json());
        } catch {
          return graphError(400, 'ErrorInvalidRequest', 'The attachment is missing or has invalid properties.');
        }
        const attachment: DraftAttachment = {
          id: idOf('AAMkAGIAtt'),
          name: body.name,
          contentType: body.contentType ?? 'application/octet-stream',
          content: Buffer.from(body.contentBytes, 'base64'),
        };
        found.draft.attachments.push(attachment);
        return { status: 201, json: attachmentJson(attachment, false) };
      })
      // `POST .../createUploadSession`: an upload URL that takes the bytes without a token of its own
      .post(`${me}/messages/:id/attachments/createUploadSession`, (request) => {
        const found = draftCall(request, writeScopes, 'attachments.createUploadSession');
        if (!('draft' in found)) return found;
        let body: z.infer<typeof uploadSessionBody>;
        try {
          body = uploadSessionBody.parse(request.json());
        } catch {
          return graphError(400, 'ErrorInvalidRequest', 'AttachmentItem is missing or has invalid properties.');
        }
        const { size } = body.AttachmentItem;
        if (size < uploadSessionMinBytes) {
          return graphError(
            400,
            'ErrorAttachmentSizeShouldNotBeLessThanMinimumSize',
            'Attachment size must be greater than the minimum size.',
          );
        }
        if (size > uploadSessionMaxBytes) {
          return graphError(400, 'ErrorAttachmentSizeExceedsLimit', 'The attachment exceeds the maximum size.');
        }
        const session: UploadSession = {
          id: randomUUID(),
          token: randomBytes(24).toString('base64url'),
          mailbox: found.who.address,
          draftId: found.draft.id,
          name: body.AttachmentItem.name,
          contentType: body.AttachmentItem.contentType ?? 'application/octet-stream',
          size,
          received: [],
          next: 0,
          expiresAt: store.now() + uploadSessionLifetimeMs,
        };
        sessions.set(session.id, session);
        return {
          status: 201,
          json: {
            '@odata.context': `${request.origin}${graphRoot}/$metadata#microsoft.graph.uploadSession`,
            uploadUrl: `${request.origin}/microsoft/outlook/upload/${session.id}?authtoken=${session.token}`,
            expirationDateTime: new Date(session.expiresAt).toISOString(),
            nextExpectedRanges: ['0-'],
          },
        };
      })
      /**
       * A range of an upload session's bytes: pre-authenticated by its URL (an `Authorization` header is refused),
       * `Content-Range` and `Content-Length` required, the range starting where the last ended, at most 4 MiB, and a
       * multiple of 320 KiB unless it is the last. 200 with the next start; the last: 201 and the attachment's
       * `Location`, the attachment now on the draft.
       */
      .route('PUT', '/microsoft/outlook/upload/:session', (request) => {
        const session = sessions.get(request.params.session!);
        if (!session || request.query.get('authtoken') !== session.token || session.expiresAt < store.now()) {
          return graphError(404, 'ErrorItemNotFound', 'The upload session was not found or has expired.');
        }
        if (request.headers.authorization !== undefined) {
          return graphError(401, 'InvalidAuthenticationToken', 'The upload URL takes no Authorization header.');
        }
        const range = contentRangeOf(request.headers['content-range']);
        const length = Number(request.headers['content-length']);
        if (!range || range.total !== session.size) {
          return graphError(400, 'InvalidContentRange', 'The Content-Range header is missing or invalid.');
        }
        const size = range.last - range.first + 1;
        if (!Number.isInteger(length) || length !== request.body.length || length !== size) {
          return graphError(400, 'InvalidContentLength', 'The Content-Length does not match the Content-Range.');
        }
        if (size > uploadChunkMaxBytes) {
          return graphError(413, 'RequestEntityTooLarge', 'A range of an upload session is at most 4 MB.');
        }
        const last = range.last + 1 === range.total;
        if (!last && size % uploadChunkMultipleBytes !== 0) {
          return graphError(400, 'InvalidChunkSize', 'Every range but the last must be a multiple of 320 KiB.');
        }
        if (range.first !== session.next) {
          return {
            status: 416,
            json: {
              error: {
                code: 'InvalidRange',
                message: `The range must start at ${session.next}.`,
                innerError: { date: new Date().toISOString(), 'request-id': randomUUID() },
              },
            },
          };
        }
        session.received.push(Buffer.from(request.body));
        session.next = range.last + 1;
        session.expiresAt = store.now() + uploadSessionLifetimeMs;
        if (!last) {
          return {
            json: {
              expirationDateTime: new Date(session.expiresAt).toISOString(),
              nextExpectedRanges: [String(session.next)],
            },
          };
        }
        sessions.delete(session.id);
        const draft = drafts.get(session.draftId);
        if (!draft) return messageNotFound();
        const attachment: DraftAttachment = {
          id: idOf('AAMkAGIAtt'),
          name: session.name,
          contentType: session.contentType,
          content: Buffer.concat(session.received),
        };
        draft.attachments.push(attachment);
        return {
          status: 201,
          headers: {
            Location: `${request.origin}${graphRoot}/users('${graphUserId(draft.mailbox)}')/messages('${draft.id}')/attachments('${attachment.id}')`,
          },
          bytes: Buffer.alloc(0),
        };
      })
      // `POST /me/messages/{id}/send`: the draft with its attachments leaves (202) and is no draft any more
      .post(`${me}/messages/:id/send`, async (request) => {
        const found = draftCall(request, sendScopes, 'messages.send');
        if (!('draft' in found)) return found;
        const refused = await deliver(store, await sentMessageOf(found.draft), found.who.address);
        if (refused) return refused;
        drafts.delete(found.draft.id);
        return { status: 202, bytes: Buffer.alloc(0) };
      });
  },
};
