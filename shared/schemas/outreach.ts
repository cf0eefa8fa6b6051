import * as z from 'zod';
import { contactSchema } from './contacts.js';
import { draftSchema } from './drafts.js';
import { lazySchema } from '../lazy-schema.js';

/** GET /api/outreach: a page of the user's contacts (newest update first), each with its primary draft. */
export const outreachQuery = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.string().max(2048).optional(),
  }),
);
export const outreachItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** the contact as GET /api/contacts answers it (snake_case, SPEC §3) */
    contact: contactSchema,
    /** its primary draft (status is the send state), or null */
    primaryDraft: draftSchema.nullable(),
  }),
);
export const outreachPageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(outreachItemSchema),
    nextCursor: z.string().nullable(),
  }),
);
export type OutreachPage = z.infer<typeof outreachPageSchema>;
