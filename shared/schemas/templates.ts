import * as z from 'zod/mini';
import { placeholders, unknownPlaceholders, unknownPlaceholdersMessage } from '../placeholders.js';
import { lazySchema } from '../lazy-schema.js';

/** DESIGN §8 'Templates'. */
const id = /* @__PURE__ */ lazySchema(() => z.string().check(z.minLength(1), z.maxLength(64)));

/** The longest name, subject and body a template keeps: an e-mail, not a document (the item stays far below 400 KB). */
export const maxTemplateNameLength = 200;
export const maxTemplateSubjectLength = 1000;
export const maxTemplateBodyLength = 100_000;

export const templateMessages = {
  nameRequired: 'Give the template a name',
  noValidFields: 'No valid fields to update',
  tooLarge: 'The template is too large to save: shorten its body.',
} as const;

/** A template on the wire (DESIGN §8): camelCase, a ULID id. */
export const templateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    subject: z.string(),
    body: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Template = z.infer<typeof templateSchema>;

const name = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .check(z.trim())
    .check(z.minLength(1, templateMessages.nameRequired))
    .check(z.maxLength(maxTemplateNameLength)),
);
const subject = /* @__PURE__ */ lazySchema(() => z.string().check(z.maxLength(maxTemplateSubjectLength)));
const body = /* @__PURE__ */ lazySchema(() => z.string().check(z.maxLength(maxTemplateBodyLength)));

/** Unknown placeholders in a text field are a 400 naming them (DESIGN §8), on the field that has them. */
const knownPlaceholdersOnly = (
  value: Record<string, unknown>,
  context: z.core.$RefinementCtx,
  fields: readonly string[],
) => {
  for (const field of fields) {
    const text = value[field];
    if (typeof text !== 'string') continue;
    const unknown = unknownPlaceholders(text);
    if (unknown.length > 0) {
      context.addIssue({ code: 'custom', path: [field], message: unknownPlaceholdersMessage(unknown) });
    }
  }
};

export const createTemplateBody = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({ name, subject: z._default(subject, ''), body: z._default(body, '') })
    .check(z.superRefine((value, context) => knownPlaceholdersOnly(value, context, ['subject', 'body']))),
);
export type CreateTemplateBody = z.infer<typeof createTemplateBody>;

/** PUT changes the fields it names (at least one). */
export const updateTemplateBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ name: z.optional(name), subject: z.optional(subject), body: z.optional(body) }).check(
    z.superRefine((value, context) => {
      if (value.name === undefined && value.subject === undefined && value.body === undefined) {
        context.addIssue({ code: 'custom', path: [], message: templateMessages.noValidFields });
      }
      knownPlaceholdersOnly(value, context, ['subject', 'body']);
    }),
  ),
);
export type UpdateTemplateBody = z.infer<typeof updateTemplateBody>;

export const templateIdParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ id }));

/**
 * POST /api/templates/{id}/render: the template for one contact. `subject` and `body`, when given, are rendered in
 * place of the stored ones (the editor's live preview of unsaved text).
 */
export const renderTemplateBody = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({ contactId: id, subject: z.optional(subject), body: z.optional(body) })
    .check(z.superRefine((value, context) => knownPlaceholdersOnly(value, context, ['subject', 'body']))),
);
export type RenderTemplateBody = z.infer<typeof renderTemplateBody>;

export const renderedTemplateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    subject: z.string(),
    body: z.string(),
    /** the placeholders the template uses that have no value for this contact (left as written in the text) */
    missing: z.array(z.enum(placeholders)),
  }),
);
export type RenderedTemplate = z.infer<typeof renderedTemplateSchema>;
