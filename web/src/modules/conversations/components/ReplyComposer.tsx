import { CloseOutlined, EditOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { replySubject } from '@shared/reply-subject';
import type { Draft } from '@shared/schemas/drafts';
import { useApiClient } from '@/lib/http/useApiClient';
import { useNow } from '@/lib/useNow';
import { useDefaultEmailConnection } from '@/modules/emailConnection/hooks/useEmailConnections';
import { isConnectionExpired } from '@/modules/emailConnection/state/emailConnectionState';
import { createDraft, deleteDraft, generateReply, sendDraft, updateDraft } from '@/modules/outreach/api/outreachApi';
import { type DraftChanges, DraftEditor, type DraftEditorProps } from '@/modules/outreach/components/DraftEditor';
import { DraftSendStatus } from '@/modules/outreach/components/DraftSendStatus';
import { SendButtons } from '@/modules/outreach/components/SendButtons';
import { SendExplainer } from '@/modules/outreach/components/SendExplainer';
import { useContactDrafts } from '@/modules/outreach/hooks/useContactDrafts';
import { attachableDocuments } from '@/modules/outreach/utils/attachments';
import { errorText } from '@/lib/http/errorText';
import { canSend } from '@/modules/outreach/utils/sendState';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { useReportDirty } from '@/modules/profile/hooks/useReportDirty';
import { useSettings } from '@/modules/settings/hooks/useSettings';
import { useToast } from '@/ui/toast/useToast';
import type { ConversationWithEmails } from '../utils/conversationLabels';

export type ReplyComposerProps = {
  contactId: string;
  conversation: ConversationWithEmails;
  /** who is answered, as the thread names them */
  to: string;
  onClose: () => void;
};

type Busy = 'ai' | 'write' | 'save' | 'delete' | 'send' | 'schedule' | 'retry';

/**
 * The conversation's unsent reply draft, the one the composer keeps writing (SPEC §5: a reply is a draft of the
 * conversation; the server rewrites this same one when the AI writes again).
 */
export const openReplyDraft = (drafts: readonly Draft[] | undefined, conversationId: string) =>
  drafts
    ?.filter(
      (draft) =>
        draft.draftType === 'reply' &&
        draft.conversationId === conversationId &&
        (draft.status === 'draft' || draft.status === 'failed') &&
        !draft.scheduledSendTime,
    )
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0] ?? null;

/**
 * Answering a received message where it is read (DESIGN §9): the conversation's `reply` draft, reopened when there is
 * one, written with the AI from the thread so far (with optional instructions) or by hand, saved, and sent in the
 * thread from the default mailbox (POST /api/drafts/{id}/send). The outreach draft editor does the editing.
 */
export const ReplyComposer = ({ contactId, conversation, to, onClose }: ReplyComposerProps) => {
  const { t } = useTranslation('conversations');
  const api = useApiClient();
  const toast = useToast();
  const { modal } = App.useApp();
  const { data: drafts, error, isLoading } = useContactDrafts(contactId);
  const { data: profile } = useProfile();
  const { settings } = useSettings();
  const { connection } = useDefaultEmailConnection();
  const now = useNow();
  const [instructions, setInstructions] = useState('');
  const [busy, setBusy] = useState<Busy | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  useReportDirty('reply-composer', unsaved);
  const draft = openReplyDraft(drafts, conversation.id);
  const mailboxReady = connection !== null && !isConnectionExpired(connection, now);

  /** what the editor holds and is not saved goes only once the person says so */
  const unlessKept = (title: string, then: () => void) => {
    if (!unsaved) return then();
    modal.confirm({
      title,
      content: t('composer.unsavedContent'),
      okText: t('composer.discard'),
      okButtonProps: { danger: true },
      cancelText: t('composer.keepEditing'),
      onOk: then,
    });
  };

  const run = async (kind: Busy, action: () => Promise<unknown>, done: string | null, after?: () => void) => {
    setBusy(kind);
    try {
      await action();
      if (done) toast.success(done);
      after?.();
    } catch (caught) {
      toast.error(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const handleWriteWithAi = () =>
    unlessKept(t('composer.replaceTitle'), () => {
      void run('ai', () => generateReply(api, { contactId, conversationId: conversation.id, instructions }), null);
    });
  const handleWriteMyself = () =>
    void run(
      'write',
      () =>
        createDraft(api, {
          contactId,
          conversationId: conversation.id,
          draftType: 'reply',
          isPrimary: false,
          subject: replySubject(conversation.subject),
          body: '',
        }),
      null,
    );
  const handleSave = (changes: DraftChanges) =>
    draft && void run('save', () => updateDraft(api, draft.id, changes), t('composer.saved'));
  const handleDelete = () => draft && void run('delete', () => deleteDraft(api, draft), t('composer.deleted'));
  /** saves what the editor holds first (a send takes the saved draft), then sends now or at `when` */
  const handleSend = (kind: Busy, changes: DraftChanges | null, when?: string) =>
    draft &&
    void run(
      kind,
      async () => {
        if (changes) await updateDraft(api, draft.id, changes);
        await sendDraft(api, draft.id, when);
      },
      when ? t('composer.scheduled') : t('composer.sending'),
      onClose,
    );

  const sendAction: DraftEditorProps['sendAction'] = ({ changes, complete, openSpots }) => {
    if (!draft || !canSend(draft)) return null;
    if (!mailboxReady) return <SendExplainer expiredEmail={connection?.email ?? null} />;
    const blockedBy = !complete
      ? t('composer.writeFirst')
      : openSpots.length
        ? t('composer.fillSpots', {
            count: openSpots.length,
            spots: openSpots.map((name) => `{{${name}}}`).join(', '),
          })
        : null;
    return (
      <SendButtons
        blockedBy={blockedBy}
        from={connection?.email}
        busy={busy === 'send' || busy === 'schedule' ? busy : null}
        onSend={(when) => handleSend(when ? 'schedule' : 'send', changes, when)}
      />
    );
  };

  return (
    <section className="reply-composer" aria-label={t('replyTo', { name: to })} data-testid="reply-composer">
      <header className="reply-composer__head">
        <Typography.Text strong ellipsis>
          {t('replyTo', { name: to })}
        </Typography.Text>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('composer.close')}
          onClick={() => unlessKept(t('composer.discardTitle'), onClose)}
        />
      </header>
      {error ? <Alert type="error" showIcon title={t('composer.loadFailed')} description={error.message} /> : null}
      {isLoading && !drafts ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {drafts ? (
        <div className="reply-composer__ai">
          <Input
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
            maxLength={2000}
            placeholder={t('composer.instructionsPlaceholder')}
            aria-label={t('composer.instructions')}
            onPressEnter={handleWriteWithAi}
          />
          <Button icon={<ThunderboltOutlined />} loading={busy === 'ai'} onClick={handleWriteWithAi}>
            {t('composer.writeWithAi')}
          </Button>
          {draft ? null : (
            <Button icon={<EditOutlined />} loading={busy === 'write'} onClick={handleWriteMyself}>
              {t('composer.writeMyself')}
            </Button>
          )}
        </div>
      ) : null}
      {drafts && !draft ? (
        <Typography.Text type="secondary" className="reply-composer__hint">
          {t('composer.hint', { name: to })}
        </Typography.Text>
      ) : null}
      {draft?.status === 'failed' ? (
        <DraftSendStatus
          draft={draft}
          retrying={busy === 'retry'}
          onRetry={mailboxReady ? () => handleSend('retry', null) : null}
          cancelling={false}
          onCancelSchedule={() => undefined}
        />
      ) : null}
      {draft ? (
        <DraftEditor
          key={`${draft.id}:${draft.updatedAt}`}
          draft={draft}
          documents={attachableDocuments(profile)}
          includeResume={settings.includeResume}
          busy={busy === 'save' || busy === 'delete' ? busy : null}
          onSave={handleSave}
          onDelete={handleDelete}
          sendAction={sendAction}
          onUnsavedChange={setUnsaved}
        />
      ) : null}
    </section>
  );
};
