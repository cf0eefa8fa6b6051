import * as z from 'zod/mini';
import { contactSchema } from './contacts.js';
import { draftSchema } from './drafts.js';
import { lazySchema } from '../lazy-schema.js';

/** GET /api/outreach: a page of the user's contacts (newest update first), each with its primary draft. */
export const outreachQuery = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
    cursor: z.optional(z.string().check(z.maxLength(2048))),
  }),
);
export const outreachItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** the contact as GET /api/contacts answers it (snake_case, SPEC §3) */
    contact: contactSchema,
    /** its primary draft (status is the send state), or null */
    primaryDraft: z.nullable(draftSchema),
  }),
);
export const outreachPageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(outreachItemSchema),
    nextCursor: z.nullable(z.string()),
  }),
);
export type OutreachPage = z.infer<typeof outreachPageSchema>;
