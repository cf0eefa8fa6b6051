import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ProcessedDocument } from '@shared/schemas/documents';
import type { Profile } from '@shared/schemas/profile';
import { useApiClient } from '@/lib/http/useApiClient';
import { getProfile } from '@/modules/profile/api/profileApi';
import { profileKey } from '@/modules/profile/hooks/useProfile';
import { useProfileUpdate } from '@/modules/profile/hooks/useProfileUpdate';
import { processDocument, requestUpload, sendToStorage } from '../api/documentsApi';
import { checkDocumentFile } from '../utils/checkDocumentFile';
import type { DocumentKindSpec } from '../utils/documentKinds';
import { startProgressTicker } from '../utils/progressTicker';
import { parseProcessedDocument, uploadErrorMessage, type UploadStep } from '../utils/uploadErrorMessage';

export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'done' | 'failed';

export type UploadState = {
  phase: UploadPhase;
  /** 0-100: faked up to 90 while the upload and processing run (SPEC §9), 100 once processed */
  percent: number;
  fileName: string;
  /** why the last upload failed, in the words to show */
  error?: string;
  /** SPEC §5: an unexpected type of résumé or cover letter, sent anyway */
  warning?: string;
};

const idle: UploadState = { phase: 'idle', percent: 0, fileName: '' };

/** How long the full bar stays on screen after processing, so the person sees it finish. */
const doneDisplayMs = 800;

export type UploadOptions = {
  /** the cover letter's company */
  company?: string;
  /** called with the processed document, after the profile cache holds its result */
  onProcessed?: (document: ProcessedDocument) => void;
};

/**
 * One document's upload (DESIGN §6 "Uploads"): the checks of SPEC §5 before anything is sent, a presigned POST, the
 * browser's upload to storage, the spec's processing endpoint, then the profile read again (its text and fresh
 * links) and the normalised profile refreshed (SPEC §7). Progress is faked as SPEC §9 says.
 */
export const useDocumentUpload = (spec: DocumentKindSpec) => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const { normalize } = useProfileUpdate();
  const [state, setState] = useState<UploadState>(idle);
  const stopTicker = useRef<(() => void) | undefined>(undefined);
  const doneTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      stopTicker.current?.();
      clearTimeout(doneTimer.current);
    },
    [],
  );

  const upload = async (file: File | null | undefined, { company, onProcessed }: UploadOptions = {}) => {
    clearTimeout(doneTimer.current);
    const check = checkDocumentFile(file, spec);
    if (!check.ok || !file) {
      setState({ ...idle, phase: 'failed', fileName: file?.name ?? '', error: check.ok ? undefined : check.error });
      return false;
    }
    const warning = check.warning;
    setState({ phase: 'uploading', percent: 0, fileName: file.name, warning });
    stopTicker.current?.();
    stopTicker.current = startProgressTicker((percent) => setState((current) => ({ ...current, percent })));

    let step: UploadStep = 'ticket';
    try {
      const ticket = await requestUpload(api, {
        purpose: spec.kind,
        fileName: file.name,
        contentType: check.contentType,
        size: file.size,
      });
      step = 'storage';
      await sendToStorage(ticket, file);
      step = 'processing';
      setState((current) => ({ ...current, phase: 'processing' }));
      const document = parseProcessedDocument(await processDocument(api, spec.kind, ticket.key, company), spec);
      await mutate<Profile>(profileKey, getProfile(api), { revalidate: false }).catch(() =>
        mutate<Profile>(profileKey),
      );
      stopTicker.current?.();
      setState({ phase: 'done', percent: 100, fileName: file.name, warning });
      doneTimer.current = setTimeout(() => setState(idle), doneDisplayMs);
      onProcessed?.(document);
      void normalize();
      return true;
    } catch (error) {
      stopTicker.current?.();
      console.warn(`Upload of ${spec.kind} failed`, error);
      setState({
        phase: 'failed',
        percent: 0,
        fileName: file.name,
        warning,
        error: uploadErrorMessage(error, step, spec),
      });
      return false;
    }
  };

  const dismiss = () => setState(idle);

  return { state, upload, dismiss, busy: state.phase === 'uploading' || state.phase === 'processing' };
};
