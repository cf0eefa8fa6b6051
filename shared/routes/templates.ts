import * as z from 'zod/mini';
import {
  createTemplateBody,
  renderedTemplateSchema,
  renderTemplateBody,
  templateIdParams,
  templateSchema,
  updateTemplateBody,
} from '../schemas/templates.js';
import type { DomainRouteTable } from './route-spec.js';
import { lazySchema } from '../lazy-schema.js';

/** The templates Lambda's routes (DESIGN §8 'Templates'); camelCase. */
export const templatesRoutes = {
  'GET /api/templates': {
    domain: 'templates',
    auth: 'user',
    summary: "The user's templates, most recently updated first",
    response: /* @__PURE__ */ lazySchema(() => z.array(templateSchema)),
  },
  'POST /api/templates': {
    domain: 'templates',
    auth: 'user',
    summary: 'Save a new template (unknown placeholders are a 400 naming them)',
    body: createTemplateBody,
    response: templateSchema,
  },
  'GET /api/templates/{id}': {
    domain: 'templates',
    auth: 'user',
    summary: 'One template',
    params: templateIdParams,
    response: templateSchema,
  },
  'PUT /api/templates/{id}': {
    domain: 'templates',
    auth: 'user',
    summary: 'Change the name, subject or body of a template',
    params: templateIdParams,
    body: updateTemplateBody,
    response: templateSchema,
  },
  'DELETE /api/templates/{id}': {
    domain: 'templates',
    auth: 'user',
    summary: 'Delete a template',
    params: templateIdParams,
    response: /* @__PURE__ */ lazySchema(() => z.object({ deleted: z.boolean() })),
  },
  'POST /api/templates/{id}/render': {
    domain: 'templates',
    auth: 'user',
    summary: "The template filled in for one contact, with the placeholders that have no value ('missing')",
    params: templateIdParams,
    body: renderTemplateBody,
    response: renderedTemplateSchema,
  },
} as const satisfies DomainRouteTable<'templates'>;
