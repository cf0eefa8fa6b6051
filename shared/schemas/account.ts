import * as z from 'zod/mini';
import { messages } from '../messages.js';
import { lazySchema } from '../lazy-schema.js';

/** DELETE /api/account (DESIGN §6 "Your data"): the typed confirmation; anything else is refused with its message. */
export const deleteAccountBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    confirm: z.literal('DELETE', { error: messages.account.confirmRequired }),
  }),
);

export const deleteAccountResponse = /* @__PURE__ */ lazySchema(() => z.object({ deleted: z.literal(true) }));

/**
 * The export document (GET /api/account/export): everything held about the user as one JSON document. `items` are the stored records of
 * the user's partition (profile, contacts, drafts, ... as later features add them), `files` the stored documents
 * with short-lived links.
 */
export const accountExportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    exportedAt: z.string(),
    user: z.object({ uid: z.string(), email: z.string() }),
    profile: z.nullable(z.record(z.string(), z.unknown())),
    items: z.array(z.record(z.string(), z.unknown())),
    files: z.array(z.object({ key: z.string(), fileName: z.string(), size: z.number(), url: z.string() })),
  }),
);
export type AccountExport = z.infer<typeof accountExportSchema>;

/**
 * GET /api/account/export: the export document is written to storage and answered as a short-lived link, however
 * large it is (a Lambda answers at most 6 MB). `size` in bytes; `expiresAt` ISO 8601, when the link stops working.
 */
export const accountExportLinkSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    url: z.string(),
    fileName: z.string(),
    size: z.number(),
    expiresAt: z.string(),
  }),
);
export type AccountExportLink = z.infer<typeof accountExportLinkSchema>;

/**
 * A message of the `account-deletion` queue (shared/queues.ts): the later pass of a deletion, for the account of
 * `uid` whose Cognito user is `username`.
 */
export const accountDeletionMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    uid: z.string().check(z.minLength(1)),
    username: z.string().check(z.minLength(1)),
  }),
);
export type AccountDeletionMessage = z.infer<typeof accountDeletionMessageSchema>;

/** POST /api/profiles/normalize: the compact profile summary AI drafting uses (SPEC §7). */
export const normalizedProfileSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    summary: z.string(),
    normalizedAt: z.string(),
    /** which model wrote it: the sandbox locally, OpenAI in AWS */
    model: z.string(),
  }),
);
export type NormalizedProfile = z.infer<typeof normalizedProfileSchema>;
