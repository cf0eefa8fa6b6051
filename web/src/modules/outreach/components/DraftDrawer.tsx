import { Alert, Button, Drawer, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useApiClient } from '@/lib/http/useApiClient';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { useSettings } from '@/modules/settings/hooks/useSettings';
import { useToast } from '@/ui/toast/useToast';
import type { OutreachRow } from '../api/outreachApi';
import { createDraft, deleteDraft, updateDraft } from '../api/outreachApi';
import { useContactDrafts } from '../hooks/useContactDrafts';
import { resumeAttachment } from '../utils/attachments';
import { errorText } from '../utils/errorText';
import { type DraftChanges, DraftEditor } from './DraftEditor';
import { SendExplainer } from './SendExplainer';
import './outreach.css';

export type DraftDrawerProps = {
  row: OutreachRow | null;
  onClose: () => void;
  /** writes this contact's e-mail with the AI (no draft yet, or another version) */
  onGenerate: (contactId: string) => void;
  generating: boolean;
};

/** A contact's drafts: the primary one first, each to edit, make primary or delete. */
export const DraftDrawer = ({ row, onClose, onGenerate, generating }: DraftDrawerProps) => {
  const api = useApiClient();
  const toast = useToast();
  const contactId = row?.contact.id ?? null;
  const { data: drafts, error, isLoading } = useContactDrafts(contactId);
  const { data: profile } = useProfile();
  const { settings } = useSettings();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'saveNew' | 'primary' | 'delete' | null>(null);
  const draft = drafts?.find((candidate) => candidate.id === chosenId) ?? drafts?.[0] ?? null;

  const run = async (kind: 'save' | 'saveNew' | 'primary' | 'delete', action: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    try {
      // the change's window event revalidates the drafts, the list and the contact (lib/live: not while a generation
      // runs, then once it ends)
      await action();
      toast.success(done);
    } catch (caught) {
      toast.error(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const handleSave = (changes: DraftChanges) =>
    draft && void run('save', () => updateDraft(api, draft.id, changes), 'Draft saved');
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
      'Saved as a new draft',
    );
  const handleMakePrimary = () =>
    draft && void run('primary', () => updateDraft(api, draft.id, { isPrimary: true }), 'Primary draft changed');
  const handleDelete = () =>
    draft &&
    void run(
      'delete',
      async () => {
        await deleteDraft(api, draft);
        setChosenId(null);
      },
      'Draft deleted',
    );

  return (
    <Drawer
      open={row !== null}
      onClose={() => {
        setChosenId(null);
        onClose();
      }}
      size={640}
      title={row ? `E-mail to ${row.contact.name || 'this contact'}` : 'E-mail'}
      data-testid="draft-drawer"
      extra={
        row ? (
          <Button loading={generating} onClick={() => onGenerate(row.contact.id)}>
            {drafts?.length ? 'Rewrite with AI' : 'Generate with AI'}
          </Button>
        ) : null
      }
    >
      {error ? (
        <Alert type="error" showIcon title="The drafts could not be loaded" description={error.message} />
      ) : null}
      {isLoading && !drafts ? <Skeleton active paragraph={{ rows: 10 }} /> : null}
      {drafts && !drafts.length ? (
        <Empty description="No draft yet. Generate one with AI, or apply a template from the list." />
      ) : null}
      {drafts && drafts.length > 1 ? (
        <fieldset className="draft-editor__versions" aria-label="Drafts">
          {drafts.map((candidate, index) => (
            <Button
              key={candidate.id}
              size="small"
              type={candidate.id === draft?.id ? 'primary' : 'default'}
              onClick={() => setChosenId(candidate.id)}
            >
              {candidate.isPrimary ? 'Primary' : `Draft ${index + 1}`}
            </Button>
          ))}
        </fieldset>
      ) : null}
      {draft ? (
        <DraftEditor
          key={`${draft.id}:${draft.updatedAt}`}
          draft={draft}
          resume={resumeAttachment(profile)}
          includeResume={settings.includeResume}
          busy={busy}
          onSave={handleSave}
          onSaveAsNew={handleSaveAsNew}
          onMakePrimary={handleMakePrimary}
          onDelete={handleDelete}
          sendAction={<SendExplainer />}
        />
      ) : null}
    </Drawer>
  );
};
