import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { listTemplates, templatesKey } from '../api/sequencesApi';

/** The user's templates as a template step's choices, by name (the templates page's list, read through its route). */
export const useTemplateOptions = () => {
  const api = useApiClient();
  const { data } = useSWR<Awaited<ReturnType<typeof listTemplates>>, ApiError>(templatesKey, () => listTemplates(api));
  const templates = data ?? [];
  return {
    options: templates.map((template) => ({ value: template.id, label: template.name })),
    nameOf: (id: string | undefined) => templates.find((template) => template.id === id)?.name,
  };
};
