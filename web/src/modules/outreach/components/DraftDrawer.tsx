import { Alert, App, Button, Drawer, Empty, Skeleton } from 'antd';
import { addressState } from '@shared/addresses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Draft } from '@shared/schemas/drafts';
import { useApiClient } from '@/lib/http/useApiClient';
import { useDefaultEmailConnection } from '@/modules/emailConnection/hooks/useEmailConnections';
import { isConnectionExpired } from '@/modules/emailConnection/state/emailConnectionState';
import { useNow } from '@/lib/useNow';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { useReportDirty } from '@/modules/profile/hooks/useReportDirty';
import { useSettings } from '@/modules/settings/hooks/useSettings';
import { useToast } from '@/ui/toast/useToast';
import { ContactSequence } from '@/modules/sequences/components/ContactSequence';
import type { OutreachRow } from '../api/outreachApi';
import { cancelScheduledSend, createDraft, deleteDraft, sendDraft, updateDraft } from '../api/outreachApi';
import { useContactDrafts } from '../hooks/useContactDrafts';
import { attachableDocuments } from '../utils/attachments';
import { errorText } from '@/lib/http/errorText';
import { recipientTexts } from '../utils/recipient';
import { canSend, isScheduledFollowUp, sendStateOf } from '../utils/sendState';
import { type DraftChanges, DraftEditor, type DraftEditorProps } from './DraftEditor';
import { DraftRecipient } from './DraftRecipient';
import { DraftSendStatus } from './DraftSendStatus';
import { FollowUpList } from './FollowUpList';
import { SendButtons } from './SendButtons';
import { SendExplainer } from './SendExplainer';
import './outreach.css';

export type DraftDrawerProps = {
  row: OutreachRow | null;
  onClose: () => void;
  /** writes this contact's e-mail with the AI (no draft yet, or another version) */
  onGenerate: (contactId: string) => void;
  generating: boolean;
};

type Busy = 'save' | 'saveNew' | 'primary' | 'delete' | 'send' | 'schedule' | 'retry';

const versionLabel = (t: TFunction<'outreach'>, draft: Draft, index: number) =>
  draft.isPrimary
    ? t('editor.primary')
    : draft.draftType === 'follow_up'
      ? t('drawer.followUp')
      : draft.status === 'sent'
        ? t('state.sent')
        : t('drawer.draftNumber', { number: index + 1 });

/**
 * A contact's drafts: the primary one first, each to edit, make primary, delete, send now or later (with the default
 * mailbox connected; else how to connect one), with its send state; the follow-ups scheduled for the contact, each
 * to cancel.
 */
export const DraftDrawer = ({ row, onClose, onGenerate, generating }: DraftDrawerProps) => {
  const { t } = useTranslation('outreach');
  const api = useApiClient();
  const toast = useToast();
  const contactId = row?.contact.id ?? null;
  const { data: drafts, error, isLoading } = useContactDrafts(contactId);
  const { data: profile } = useProfile();
  const { settings } = useSettings();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const { modal } = App.useApp();
  // leaving the page asks first while the editor holds unsaved changes (OutreachPage's guard)
  useReportDirty('draft-editor', unsaved);
  /** closing the drawer, or opening another of the contact's drafts, asks first while the editor holds changes */
  const leaveEditor = (then: () => void) => {
    if (!unsaved) return then();
    modal.confirm({
      title: t('drawer.discardTitle'),
      content: t('drawer.discardContent'),
      okText: t('drawer.discard'),
      okButtonProps: { danger: true },
      cancelText: t('drawer.keepEditing'),
      onOk: then,
    });
  };
  const { connection } = useDefaultEmailConnection();
  const now = useNow();
  const draft = drafts?.find((candidate) => candidate.id === chosenId) ?? drafts?.[0] ?? null;
  // the follow-ups waiting for their time (DESIGN §6 auto follow-up), listed above the drafts
  const followUps = drafts?.filter((candidate) => isScheduledFollowUp(candidate, now)) ?? [];
  const mailboxReady = connection !== null && !isConnectionExpired(connection, now);

  const run = async (kind: Busy, action: () => Promise<unknown>, done: string | ((result: unknown) => string)) => {
    setBusy(kind);
    try {
      // the change's window event revalidates the drafts, the list and the contact (lib/live: not while a generation
      // runs, then once it ends)
      const result = await action();
      toast.success(typeof done === 'string' ? done : done(result));
    } catch (caught) {
      toast.error(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const handleSave = (changes: DraftChanges) =>
    draft && void run('save', () => updateDraft(api, draft.id, changes), t('drawer.saved'));
  const handleSaveAsNew = (changes: DraftChanges) =>
    draft &&
    void run(
      'saveNew',
      async () => {
        const created = await createDraft(api, {
          contactId: draft.contactId,
          draftType: draft.draftType,
          ...(draft.conversationId ? { conversationId: draft.conversationId } : {}),
          createdFromTemplate: draft.createdFromTemplate,
          isPrimary: false,
          ...changes,
        });
        setChosenId(created.id);
      },
      t('drawer.savedAsNew'),
    );
  const handleMakePrimary = () =>
    draft && void run('primary', () => updateDraft(api, draft.id, { isPrimary: true }), t('drawer.primaryChanged'));
  const handleDelete = () =>
    draft &&
    void run(
      'delete',
      async () => {
        await deleteDraft(api, draft);
        setChosenId(null);
      },
      t('drawer.deleted'),
    );

  /** saves what the editor holds first (a send takes the saved draft), then sends now or at `when` */
  const handleSend = (kind: Busy, changes: DraftChanges | null, when?: string) =>
    draft &&
    void run(
      kind,
      async () => {
        if (changes) await updateDraft(api, draft.id, changes);
        return sendDraft(api, draft.id, when);
      },
      (sent) => {
        const state = sendStateOf(sent as Draft);
        return state.kind === 'scheduled' || state.kind === 'sent' ? state.label : t('drawer.sending');
      },
    );

  const handleCancelSchedule = async (scheduled: Draft) => {
    setCancelling(scheduled.id);
    try {
      await cancelScheduledSend(api, scheduled.id);
      toast.success(
        scheduled.draftType === 'follow_up' ? t('drawer.followUpCancelled') : t('drawer.scheduleCancelled'),
        { description: t('drawer.cancelledDescription') },
      );
    } catch (caught) {
      toast.error(errorText(caught));
    } finally {
      setCancelling(null);
    }
  };

  // DESIGN §9: the recipient above the drafts says what the address allows; the send bar only points at it
  const addressProblem = row ? recipientTexts(addressState(row.contact)).blocked : null;
  const sendAction: DraftEditorProps['sendAction'] = ({ changes, complete, openSpots }) => {
    if (!draft || !canSend(draft)) return null;
    if (!mailboxReady) return <SendExplainer expiredEmail={connection?.email ?? null} />;
    const blockedBy =
      addressProblem ??
      (!complete
        ? t('drawer.writeFirst')
        : openSpots.length
          ? t('drawer.fillSpots', {
              count: openSpots.length,
              spots: openSpots.map((name) => `{{${name}}}`).join(', '),
            })
          : null);
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
    <Drawer
      open={row !== null}
      onClose={() =>
        leaveEditor(() => {
          setChosenId(null);
          onClose();
        })
      }
      size={640}
      title={row ? t('drawer.title', { name: row.contact.name || t('thisContact') }) : t('drawer.email')}
      data-testid="draft-drawer"
      extra={
        row ? (
          <Button loading={generating} onClick={() => onGenerate(row.contact.id)}>
            {drafts?.length ? t('drawer.rewrite') : t('dashboard.generateWithAi')}
          </Button>
        ) : null
      }
    >
      {error ? <Alert type="error" showIcon title={t('drawer.loadFailed')} description={error.message} /> : null}
      {isLoading && !drafts ? <Skeleton active paragraph={{ rows: 10 }} /> : null}
      {drafts && !drafts.length ? <Empty description={t('drawer.empty')} /> : null}
      {row ? <DraftRecipient contact={row.contact} /> : null}
      {row ? <ContactSequence contactId={row.contact.id} name={row.contact.name || t('thisContact')} /> : null}
      <FollowUpList
        followUps={followUps}
        cancelling={cancelling}
        onCancel={(item) => void handleCancelSchedule(item)}
      />
      {drafts && drafts.length > 1 ? (
        <fieldset className="draft-editor__versions" aria-label={t('drawer.drafts')}>
          {drafts.map((candidate, index) => (
            <Button
              key={candidate.id}
              size="small"
              type={candidate.id === draft?.id ? 'primary' : 'default'}
              onClick={() => candidate.id !== draft?.id && leaveEditor(() => setChosenId(candidate.id))}
            >
              {versionLabel(t, candidate, index)}
            </Button>
          ))}
        </fieldset>
      ) : null}
      {draft ? (
        <DraftSendStatus
          draft={draft}
          retrying={busy === 'retry'}
          onRetry={mailboxReady ? () => handleSend('retry', null) : null}
          cancelling={cancelling === draft.id}
          onCancelSchedule={() => void handleCancelSchedule(draft)}
        />
      ) : null}
      {draft ? (
        <DraftEditor
          key={`${draft.id}:${draft.updatedAt}`}
          draft={draft}
          documents={attachableDocuments(profile)}
          includeResume={settings.includeResume}
          busy={busy === 'save' || busy === 'saveNew' || busy === 'primary' || busy === 'delete' ? busy : null}
          onSave={handleSave}
          onSaveAsNew={handleSaveAsNew}
          onMakePrimary={handleMakePrimary}
          onDelete={handleDelete}
          sendAction={sendAction}
          onUnsavedChange={setUnsaved}
        />
      ) : null}
    </Drawer>
  );
};
