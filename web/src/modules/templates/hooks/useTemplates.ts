import useSWR from 'swr';
import { maxTemplateNameLength } from '@shared/schemas/templates';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { i18n } from '@/i18n';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  type Template,
  type TemplateFields,
  updateTemplate,
} from '../api/templatesApi';

/** The SWR key of the template list (the Outreach page's template picker reads the same). */
export const templatesKey = 'GET /api/templates';

const newestFirst = (templates: Template[]) =>
  [...templates].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id));

/** `Coffee chat (copy)`: the name shortened first when the copy's would be longer than a name may be. */
export const copyName = (name: string) => {
  const copySuffix = ` ${i18n.t('templates:copySuffix')}`;
  return `${name.slice(0, maxTemplateNameLength - copySuffix.length).trimEnd()}${copySuffix}`;
};

/** The user's templates and the changes the page makes to them (each updates the list in place, then revalidates). */
export const useTemplates = () => {
  const api = useApiClient();
  const list = useSWR<Template[], ApiError>(templatesKey, () => listTemplates(api));
  const { mutate } = list;

  const save = async (id: string | null, fields: TemplateFields) => {
    const saved = id ? await updateTemplate(api, id, fields) : await createTemplate(api, fields);
    await mutate((current = []) => newestFirst([saved, ...current.filter((template) => template.id !== saved.id)]));
    return saved;
  };

  const duplicate = (template: Template) =>
    save(null, { name: copyName(template.name), subject: template.subject, body: template.body });

  const remove = async (id: string) => {
    await deleteTemplate(api, id);
    await mutate((current = []) => current.filter((template) => template.id !== id));
  };

  return { ...list, templates: list.data ?? [], save, duplicate, remove };
};
