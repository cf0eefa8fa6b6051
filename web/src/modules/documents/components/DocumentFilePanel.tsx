import {
  CloudUploadOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileTextOutlined,
  LoadingOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Alert, Button, Popconfirm, Progress } from 'antd';
import { useRef, useState, type DragEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { documentAccept, type ProcessedDocument } from '@shared/schemas/documents';
import type { Profile } from '@shared/schemas/profile';
import { useDocumentActions } from '../hooks/useDocumentActions';
import { useDocumentUpload, type UploadPhase } from '../hooks/useDocumentUpload';
import { type DocumentKindSpec, documentText } from '../utils/documentKinds';
import { formatRecentTime } from '@/lib/formatDate';
import { formatFileSize } from '../utils/formatFileSize';
import './DocumentFilePanel.css';
import { i18n } from '@/i18n';

export type DocumentFilePanelProps = {
  spec: DocumentKindSpec;
  profile: Profile;
  /** what goes with the file at upload time (the cover letter's company) */
  company?: () => string;
  /** after a processed upload, with the profile cache already holding its result */
  onProcessed?: (document: ProcessedDocument) => void;
  /** what a removal means for the text, for the confirm question */
  removeNote: string;
};

/** what the panel says of a file on its way, by phase (a catalogue key; none while idle or after a failure) */
const progressKeys: Record<UploadPhase, string | null> = {
  idle: null,
  failed: null,
  uploading: 'progress.uploading',
  processing: 'progress.processing',
  done: 'progress.done',
};

/**
 * One document's file (SPEC §7 'Profile', DESIGN §6 "Uploads"): drop or pick a file, see its upload progress, then its
 * name, size and last update with View, Replace and Remove. Errors stay on the panel until dismissed or replaced.
 */
export const DocumentFilePanel = ({ spec, profile, company, onProcessed, removeNote }: DocumentFilePanelProps) => {
  const { t } = useTranslation('documents');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { state, upload, dismiss, busy } = useDocumentUpload(spec);
  const { view, remove, removing } = useDocumentActions(spec);
  const stored = spec.stored(profile);

  const handleFile = (file: File | null | undefined) => {
    if (busy) return;
    void upload(file, { company: company?.().trim(), onProcessed });
  };

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    handleFile(event.dataTransfer.files[0]);
  };

  const handleDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!busy) setDragging(true);
  };

  const browse = () => input.current?.click();

  const inProgress = state.phase === 'uploading' || state.phase === 'processing' || state.phase === 'done';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut; the labelled file input below is the keyboard and screen-reader way
    <div
      className={`document-panel${dragging ? ' document-panel--dragging' : ''}`}
      onDragOver={handleDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
      data-testid={`document-${spec.kind}`}
    >
      <input
        ref={input}
        type="file"
        accept={documentAccept}
        className="document-file-input"
        aria-label={documentText(spec, 'uploadLabel')}
        data-testid={`document-${spec.kind}-input`}
        onChange={(event) => {
          handleFile(event.target.files?.[0]);
          // the same file picked again after a failure is a new attempt
          event.target.value = '';
        }}
      />

      {inProgress ? (
        <div className="document-file" data-testid={`document-${spec.kind}-progress`}>
          <span className="document-file__icon" aria-hidden="true">
            {state.phase === 'done' ? <FileTextOutlined /> : <LoadingOutlined />}
          </span>
          <div className="document-file__text">
            <span className="document-file__name">
              {(() => {
                const key = progressKeys[state.phase];
                return key ? t(key, { name: state.fileName }) : state.fileName;
              })()}
            </span>
            <Progress
              percent={state.percent}
              size="small"
              status={state.phase === 'done' ? 'success' : 'active'}
              aria-label={t('progress.label', { name: state.fileName })}
            />
          </div>
        </div>
      ) : stored.fileName ? (
        <div className="document-file" data-testid={`document-${spec.kind}-file`}>
          <span className="document-file__icon" aria-hidden="true">
            <FileTextOutlined />
          </span>
          <div className="document-file__text">
            <span className="document-file__name" title={stored.fileName}>
              {stored.fileName}
            </span>
            <span className="document-file__meta">
              {[
                formatFileSize(stored.fileSize),
                stored.lastUpdated ? t('updated', { time: formatRecentTime(stored.lastUpdated, i18n.language) }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
          <div className="document-file__actions">
            <Button type="text" icon={<EyeOutlined />} onClick={() => void view()}>
              {t('view')}
            </Button>
            <Button type="text" icon={<SwapOutlined />} onClick={browse}>
              {t('replace')}
            </Button>
            <Popconfirm
              title={documentText(spec, 'removeTitle')}
              description={removeNote}
              okText={t('remove')}
              okButtonProps={{ danger: true }}
              cancelText={t('keep')}
              onConfirm={() => remove()}
            >
              <Button type="text" danger icon={<DeleteOutlined />} loading={removing}>
                {t('remove')}
              </Button>
            </Popconfirm>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="document-dropzone"
          onClick={browse}
          data-testid={`document-${spec.kind}-dropzone`}
        >
          <span className="document-dropzone__icon" aria-hidden="true">
            <CloudUploadOutlined />
          </span>
          <span>
            <span className="document-dropzone__title">
              <Trans t={t} i18nKey={`kind.${spec.textKey}.drop`} components={{ em: <em /> }} />
            </span>
            <span className="document-dropzone__hint">{t('dropHint')}</span>
          </span>
        </button>
      )}

      {state.warning && state.phase !== 'done' ? (
        <Alert type="warning" showIcon title={state.warning} data-testid={`document-${spec.kind}-warning`} />
      ) : null}
      {state.phase === 'failed' && state.error ? (
        <Alert
          type="error"
          showIcon
          title={state.error}
          closable={{ onClose: dismiss, 'aria-label': t('dismiss') }}
          role="alert"
          data-testid={`document-${spec.kind}-error`}
        />
      ) : null}
    </div>
  );
};
