import { unknownPlaceholders } from '@shared/placeholders';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { renderTemplate, type TemplateFields } from '../api/templatesApi';

/** How long the editor's text must stay unchanged before the preview is asked for again. */
export const previewDelayMs = 400;

const useSettled = <T>(value: T, delayMs: number) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * The editor's subject and body rendered for a contact (POST /api/templates/{id}/render with the unsaved text), asked
 * again once the text settles; nothing until the template is saved and a contact chosen, nor while the text names a
 * placeholder that does not exist.
 */
export const useTemplatePreview = (
  templateId: string | null,
  contactId: string | null,
  text: Pick<TemplateFields, 'subject' | 'body'>,
) => {
  const api = useApiClient();
  const subject = useSettled(text.subject, previewDelayMs);
  const body = useSettled(text.body, previewDelayMs);
  return useSWR<Awaited<ReturnType<typeof renderTemplate>>, ApiError>(
    // text with an unknown placeholder is not sent: the editor says what is wrong under its field
    templateId && contactId && unknownPlaceholders(subject, body).length === 0
      ? ['POST /api/templates/{id}/render', templateId, contactId, subject, body]
      : null,
    ([, id, contact, settledSubject, settledBody]: readonly [string, string, string, string, string]) =>
      renderTemplate(api, id, contact, { subject: settledSubject, body: settledBody }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
};
