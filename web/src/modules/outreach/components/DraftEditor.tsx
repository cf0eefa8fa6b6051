import { DeleteOutlined, PaperClipOutlined, PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Input, Popconfirm, Select, Space, Typography } from 'antd';
import { Tag } from '@/ui/Tag';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AttachableSource, attachableSources, attachedSources } from '@shared/draft-attachments';
import { type Draft, maxBodyLength, maxSubjectLength } from '@shared/schemas/drafts';
import { formatRecentTime } from '@/lib/formatDate';
import { formatFileSize } from '@/modules/documents/utils/formatFileSize';
import { fillPlaceholder, openPlaceholders, remainingAlternatives, type DraftText } from '../utils/placeholders';
import { type AttachableDocuments, type DraftAttachment, attachLabel, attachmentsOf } from '../utils/attachments';
import './outreach.css';
import { i18n } from '@/i18n';

export type DraftChanges = {
  subject: string;
  body: string;
  placeholderAlternatives: Record<string, string[]>;
  /** what the e-mail carries, once the person chose (absent: the send path's rule, which the editor showed) */
  attachments?: DraftAttachment[];
};

export type DraftEditorProps = {
  draft: Draft;
  /** the user's uploaded résumé and cover letter (attachableDocuments of the profile) */
  documents: AttachableDocuments;
  /** the settings' includeResume */
  includeResume: boolean;
  busy: 'save' | 'saveNew' | 'primary' | 'delete' | null;
  onSave: (changes: DraftChanges) => void;
  /** keeps this draft as it is and saves the edited text as another draft of the contact (not offered without) */
  onSaveAsNew?: (changes: DraftChanges) => void;
  /** not offered without (a reply in a conversation is never the contact's primary e-mail) */
  onMakePrimary?: () => void;
  onDelete: () => void;
  /**
   * what the footer shows beside the actions (Send, Send later), given the unsaved changes (null: none) so sending
   * can save them first, and whether subject and body are both there
   */
  /**
   * the send bar for the text as edited: its unsaved changes, whether it has a subject and a body, and the `{{spots}}`
   * still open in it (a send of either is refused)
   */
  sendAction: (pending: { changes: DraftChanges | null; complete: boolean; openSpots: string[] }) => ReactNode;
  /** told whether the editor holds changes not saved yet (false again when it goes away) */
  onUnsavedChange?: (unsaved: boolean) => void;
};

/** Whether two choices of documents are the same, whatever their order. */
const sameSources = (a: readonly AttachableSource[], b: readonly AttachableSource[]) =>
  a.length === b.length && a.every((source) => b.includes(source));

/**
 * One draft's subject and body to edit, the spots the AI could not fill with their alternatives to pick (SPEC §3
 * placeholderAlternatives), every file the e-mail will carry (name and size) to remove or add, and save, make primary, delete.
 */
export const DraftEditor = ({
  draft,
  documents,
  includeResume,
  busy,
  onSave,
  onSaveAsNew,
  onMakePrimary,
  onDelete,
  sendAction,
  onUnsavedChange,
}: DraftEditorProps) => {
  const { t } = useTranslation('outreach');
  const [text, setText] = useState<DraftText>({
    subject: draft.subject ?? '',
    body: draft.body ?? '',
    placeholderAlternatives: draft.placeholderAlternatives ?? {},
  });
  // what the e-mail carries as it opens: the send path's own rule (shared/draft-attachments.ts), read each render so a
  // profile or settings that load after the editor opened still show; the person's own choice once they remove or add
  // a file. Only that choice is a change: a draft opened and left untouched has nothing to save
  const opening = attachedSources(draft, includeResume);
  const [chosen, setChosen] = useState<AttachableSource[] | null>(null);
  const sources = chosen ?? opening;
  const attachments = attachmentsOf(sources, documents);
  const attachmentsChanged = chosen !== null && !sameSources(chosen, opening);
  const spots = openPlaceholders(text);
  const changed = text.subject !== (draft.subject ?? '') || text.body !== (draft.body ?? '') || attachmentsChanged;
  const complete = Boolean(text.subject.trim() && text.body.trim());
  const reportUnsaved = useRef(onUnsavedChange);
  reportUnsaved.current = onUnsavedChange;
  useEffect(() => reportUnsaved.current?.(changed), [changed]);
  useEffect(() => () => reportUnsaved.current?.(false), []);
  // the server refuses changes to a draft that is being sent or was sent (draftMessages.notEditable)
  const locked = draft.status === 'sending' || draft.status === 'sent';
  const changes = (): DraftChanges => ({
    subject: text.subject,
    body: text.body,
    placeholderAlternatives: remainingAlternatives(text),
    // a choice, once made, goes with every save (and with a copy saved as a new draft)
    ...(chosen !== null || draft.attachments !== undefined ? { attachments } : {}),
  });
  const handleRemove = (source: AttachableSource) => setChosen(sources.filter((other) => other !== source));
  const handleAttach = (source: AttachableSource) => setChosen([...sources, source]);
  const addable = locked ? [] : attachableSources.filter((source) => documents[source] && !sources.includes(source));

  const send = sendAction({ changes: changed ? changes() : null, complete, openSpots: spots.map((spot) => spot.name) });

  return (
    <div className="draft-editor" data-testid="draft-editor">
      <Space size={6}>
        {draft.isPrimary ? <Tag color="gold">{t('editor.primary')}</Tag> : null}
        {draft.draftType === 'reply' ? (
          <Tag>{t('editor.reply')}</Tag>
        ) : draft.createdFromTemplate ? (
          <Tag>{t('editor.fromTemplate')}</Tag>
        ) : (
          <Tag>{t('editor.writtenByAi')}</Tag>
        )}
        <Typography.Text type="secondary">
          {t('editor.updated', { time: formatRecentTime(draft.updatedAt, i18n.language) })}
        </Typography.Text>
      </Space>

      <div className="draft-editor__field">
        <span className="draft-editor__label">{t('editor.subject')}</span>
        <Input
          value={text.subject}
          maxLength={maxSubjectLength}
          readOnly={locked}
          onChange={(event) => setText({ ...text, subject: event.target.value })}
          aria-label={t('editor.subject')}
        />
      </div>
      <div className="draft-editor__field">
        <span className="draft-editor__label">{t('editor.body')}</span>
        <TextArea
          value={text.body}
          autoSize={{ minRows: 10, maxRows: 24 }}
          maxLength={maxBodyLength}
          readOnly={locked}
          onChange={(event) => setText({ ...text, body: event.target.value })}
          aria-label={t('editor.body')}
        />
      </div>

      {spots.length && !locked ? (
        <section className="draft-editor__spots" aria-label={t('editor.spotsLabel')} data-testid="placeholder-spots">
          <Typography.Text strong>{t('editor.spotsToFill', { count: spots.length })}</Typography.Text>
          <Typography.Text type="secondary">
            {draft.createdFromTemplate ? t('editor.spotsFromTemplate') : t('editor.spotsFromAi')}
          </Typography.Text>
          {spots.map((spot) => (
            <div className="draft-editor__spot" key={spot.name}>
              <Typography.Text code>{`{{${spot.name}}}`}</Typography.Text>
              <Select
                className="draft-editor__spot-select"
                showSearch
                placeholder={spot.alternatives.length ? t('editor.pickReplacement') : t('editor.typeReplacement')}
                aria-label={t('editor.fillSpot', { name: spot.name })}
                options={spot.alternatives.map((alternative) => ({ value: alternative, label: alternative }))}
                onSelect={(value: string) => setText(fillPlaceholder(text, spot.name, value))}
                onInputKeyDown={(event) => {
                  const typed = (event.target as HTMLInputElement).value.trim();
                  if (event.key === 'Enter' && typed && !spot.alternatives.includes(typed)) {
                    event.preventDefault();
                    setText(fillPlaceholder(text, spot.name, typed));
                  }
                }}
              />
            </div>
          ))}
        </section>
      ) : null}

      <section className="draft-editor__field" aria-label={t('editor.attachments')} data-testid="draft-attachments">
        <span className="draft-editor__label">{t('editor.attachments')}</span>
        {attachments.length ? (
          <ul className="draft-editor__attachments">
            {attachments.map((attachment) => (
              <li className="draft-editor__attachment" key={attachment.source} data-testid="draft-attachment">
                <PaperClipOutlined aria-hidden />
                <Typography.Text ellipsis className="draft-editor__attachment-name">
                  {attachment.name}
                </Typography.Text>
                {attachment.size !== undefined ? (
                  <Typography.Text type="secondary">{formatFileSize(attachment.size)}</Typography.Text>
                ) : null}
                {locked ? null : (
                  <Button
                    type="link"
                    size="small"
                    aria-label={t('editor.removeAttachment', { name: attachment.name })}
                    onClick={() => handleRemove(attachment.source)}
                  >
                    {t('editor.remove')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">
            {locked ? t('editor.noAttachments') : t('editor.noAttachmentsHint')}
          </Typography.Text>
        )}
        {addable.length ? (
          <Space size={8} wrap>
            {addable.map((source) => (
              <Button key={source} size="small" icon={<PlusOutlined />} onClick={() => handleAttach(source)}>
                {attachLabel(source)}
              </Button>
            ))}
          </Space>
        ) : null}
        {!locked && draft.draftType !== 'initial_outreach' && addable.includes('resume') ? (
          <Typography.Text type="secondary">{t('editor.resumeFirstOnly')}</Typography.Text>
        ) : null}
        {documents.resume || locked ? null : (
          <Typography.Text type="secondary">{t('editor.uploadResume')}</Typography.Text>
        )}
      </section>

      <div className="draft-editor__footer">
        <Space>
          <Button
            type="primary"
            loading={busy === 'save'}
            disabled={!changed || !complete || locked}
            onClick={() => onSave(changes())}
          >
            {t('editor.save')}
          </Button>
          {onSaveAsNew ? (
            <Button
              loading={busy === 'saveNew'}
              disabled={!changed || !complete}
              onClick={() => onSaveAsNew(changes())}
            >
              {t('editor.saveAsNew')}
            </Button>
          ) : null}
          {onMakePrimary ? (
            <Button
              icon={draft.isPrimary ? <StarFilled /> : <StarOutlined />}
              disabled={draft.isPrimary}
              loading={busy === 'primary'}
              onClick={onMakePrimary}
            >
              {draft.isPrimary ? t('editor.primary') : t('editor.makePrimary')}
            </Button>
          ) : null}
        </Space>
        <Popconfirm
          title={t('editor.deleteTitle')}
          description={t('editor.deleteDescription')}
          okText={t('editor.delete')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'} disabled={draft.status === 'sending'}>
            {t('editor.delete')}
          </Button>
        </Popconfirm>
      </div>
      {send ? (
        <div className="draft-editor__send" data-testid="send-bar">
          {send}
        </div>
      ) : null}
    </div>
  );
};
