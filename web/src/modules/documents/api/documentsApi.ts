import type { DocumentKind, UploadPurpose, UploadTicket } from '@shared/schemas/documents';
import { helperTimeoutMs, type ApiClient } from '@/lib/http/apiClient';
import { i18n } from '@/i18n';

/**
 * DESIGN §6 "Uploads": a presigned POST for one document or the profile photo (size and type are checked by the
 * server first).
 */
export const requestUpload = (
  api: ApiClient,
  body: { purpose: UploadPurpose; fileName: string; contentType: string; size: number },
) => api.request('POST /api/uploads', { body });

/** The storage refused or never answered the upload. */
export class StorageUploadError extends Error {
  override readonly name = 'StorageUploadError';
}

/**
 * The browser's own POST of the form to the bucket (`fields`, then `file` last, as S3 requires). No bearer token:
 * the signed policy is the permission.
 */
export const sendToStorage = async (
  ticket: UploadTicket,
  file: Blob,
  { signal, fetch: fetchFn = globalThis.fetch }: { signal?: AbortSignal; fetch?: typeof fetch } = {},
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetchFn(ticket.url, { method: 'POST', body: form, signal });
  } catch (cause) {
    throw new StorageUploadError(i18n.t('documents:storage.unreachable'), {
      cause,
    });
  }
  if (!response.ok) throw new StorageUploadError(i18n.t('documents:storage.refused', { status: response.status }));
};

/**
 * SPEC §7 'Profile': processes a stored document: the answer is `{fileName, fileSize, fileUrl, content,
 * lastUpdated}`, checked by the caller (SPEC §5). A helper call: 120 s.
 */
export const processDocument = (
  api: ApiClient,
  kind: DocumentKind,
  key: string,
  company?: string,
): Promise<unknown> => {
  const options = { timeoutMs: helperTimeoutMs };
  if (kind === 'resume') return api.request('POST /api/profiles/resume', { body: { key }, ...options });
  if (kind === 'cover-letter') {
    return api.request('POST /api/profiles/cover-letter', {
      body: { key, ...(company ? { company } : {}) },
      ...options,
    });
  }
  return api.request('POST /process-file', { body: { key }, ...options });
};

export const removeDocument = (api: ApiClient, kind: DocumentKind) => {
  if (kind === 'resume') return api.request('DELETE /api/profiles/resume');
  if (kind === 'cover-letter') return api.request('DELETE /api/profiles/cover-letter');
  return api.request('DELETE /api/profiles/background-file');
};

/** SPEC §3 photoURL: keeps the uploaded photo (checked by its bytes) on the profile; answers its link. */
export const processPhoto = (api: ApiClient, key: string) =>
  api.request('POST /api/profiles/photo', { body: { key }, timeoutMs: helperTimeoutMs });

/** Removes the profile photo (an uploaded one, or a Google sign-in's picture): the avatars show the initials. */
export const removePhoto = (api: ApiClient) => api.request('DELETE /api/profiles/photo');
