import type { RouteBody } from '@shared/routes';
import type { Template } from '@shared/schemas/templates';
import type { ApiClient } from '@/lib/http/apiClient';

type Api = Pick<ApiClient, 'request'>;

export type { Template };
export type TemplateFields = Pick<Template, 'name' | 'subject' | 'body'>;

/** The user's templates, most recently updated first. */
export const listTemplates = (api: Api) => api.request('GET /api/templates');

export const createTemplate = (api: Api, fields: TemplateFields) =>
  api.request('POST /api/templates', { body: fields });

export const updateTemplate = (api: Api, id: string, fields: RouteBody<'PUT /api/templates/{id}'>) =>
  api.request('PUT /api/templates/{id}', { params: { id }, body: fields });

export const deleteTemplate = (api: Api, id: string) => api.request('DELETE /api/templates/{id}', { params: { id } });

/**
 * The template filled in for one contact; `text` (the editor's unsaved subject and body) is rendered in place of the
 * stored one. `missing` names the placeholders without a value, left as written in the text.
 */
export const renderTemplate = (
  api: Api,
  id: string,
  contactId: string,
  text?: Pick<TemplateFields, 'subject' | 'body'>,
  signal?: AbortSignal,
) => api.request('POST /api/templates/{id}/render', { params: { id }, body: { contactId, ...text }, signal });
