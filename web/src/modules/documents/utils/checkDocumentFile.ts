import { documentTypes, maxDocumentBytes, type DocumentContentType } from '@shared/schemas/documents';
import { i18n } from '@/i18n';

export type DocumentFileCheck = { ok: true; contentType: string; warning?: string } | { ok: false; error: string };

export type CheckedFile = Pick<File, 'name' | 'size' | 'type'>;

const isKnownType = (type: string): type is DocumentContentType => type in documentTypes;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/** The document type of a file: the browser's, else the one its extension names (browsers leave some types empty). */
const knownTypeOf = (file: CheckedFile): DocumentContentType | undefined => {
  if (isKnownType(file.type)) return file.type;
  const extension = extensionOf(file.name);
  return (Object.entries(documentTypes) as [DocumentContentType, { extensions: readonly string[] }][]).find(
    ([, { extensions }]) => extensions.includes(extension),
  )?.[0];
};

const allowedLabels = Object.values(documentTypes)
  .map(({ label }) => label)
  .join(', ');

/**
 * SPEC §5 'File upload', checked before anything is sent: a file must be given and not empty ('No file provided'),
 * at most 5 MB; a type other than PDF, DOCX, DOC or TXT is refused when `strictType` (the background file), otherwise
 * only warned about and left to the server (résumé, cover letter).
 */
export const checkDocumentFile = (
  file: CheckedFile | null | undefined,
  { strictType }: { strictType: boolean },
): DocumentFileCheck => {
  if (!file || file.size === 0) return { ok: false, error: i18n.t('documents:file.noFile') };
  if (file.size > maxDocumentBytes) return { ok: false, error: i18n.t('documents:file.tooLarge') };
  const known = knownTypeOf(file);
  if (known) return { ok: true, contentType: known };
  if (strictType) return { ok: false, error: i18n.t('documents:file.invalidType') };
  const named = extensionOf(file.name) || file.type;
  return {
    ok: true,
    contentType: file.type || 'application/octet-stream',
    warning: named
      ? i18n.t('documents:file.unreadableNamed', { type: named, allowed: allowedLabels })
      : i18n.t('documents:file.unreadable', { allowed: allowedLabels }),
  };
};
