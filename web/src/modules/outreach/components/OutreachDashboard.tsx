import { FileTextOutlined, RobotOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useApiClient } from '@/lib/http/useApiClient';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { EmptyState } from '@/ui/EmptyState';
import { useToast } from '@/ui/toast/useToast';
import { ContactDrawerSlot } from '@/modules/contacts/components/ContactDrawerSlot';
import { contactsPaths, outreachContactParam } from '@/lib/paths';
import { type OutreachRow, sendDraft } from '../api/outreachApi';
import { useGenerationProgress } from '../hooks/useGenerationProgress';
import { maxBatchSize, useOutreachActions } from '../hooks/useOutreachActions';
import { useOutreachList } from '../hooks/useOutreachList';
import { generationState, isAnyGenerating } from '../state/generationState';
import { errorText } from '../utils/errorText';
import { unsendableContacts } from '../utils/recipient';
import { type BatchMode, BatchModal, type BatchOptions } from './BatchModal';
import { DraftDrawer } from './DraftDrawer';
import { GenerationProgress } from './GenerationProgress';
import { OutreachTable } from './OutreachTable';
import './outreach.css';

/**
 * The Outreach page: every contact with its primary draft and generation state; select many to write for them with
 * the AI or a template, follow the batch as it runs, open one to edit its draft.
 */
export const OutreachDashboard = () => {
  const store = useSnapshot(generationState);
  const generating = isAnyGenerating(store);
  const { rows, error, isLoading, mutate } = useOutreachList(generating);
  const { generate, applyTemplate, retry } = useOutreachActions();
  const toast = useToast();
  const api = useApiClient();
  const [retryingSend, setRetryingSend] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [mode, setMode] = useState<BatchMode | null>(null);
  const [targets, setTargets] = useState<string[]>([]);
  // the contact a row's Reply answers: their conversation in the contact drawer, with the reply composer open
  const [replyTo, setReplyTo] = useState<string | null>(null);
  // the contact drawer's "Edit on the Outreach page" opens the contact's drafts here
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get(outreachContactParam);
  const setOpenId = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(outreachContactParam, id);
        else next.delete(outreachContactParam);
        return next;
      },
      { replace: true },
    );

  useGenerationProgress(({ completed, failed }) => {
    if (failed) toast.warning(`${completed} e-mail${completed === 1 ? '' : 's'} ready, ${failed} failed`);
    else toast.success(`${completed} e-mail${completed === 1 ? '' : 's'} ready to review`);
  });

  const nameOf = (contactId: string) =>
    rows.find((row) => row.contact.id === contactId)?.contact.name || 'Unnamed contact';

  const openBatch = (next: BatchMode, ids: string[]) => {
    if (ids.length > maxBatchSize) {
      toast.warning(`Select at most ${maxBatchSize} contacts at a time`);
      return;
    }
    setTargets(ids);
    setMode(next);
  };

  // DESIGN §9: the chosen contacts without an address that is sent to, said before the batch starts
  const unsendable = unsendableContacts(targets.map((id) => rows.find((row) => row.contact.id === id)?.contact));

  const handleStart = async (options: BatchOptions) => {
    try {
      if (mode === 'template' && options.templateId) {
        setMode(null);
        setSelected([]);
        const skipped = options.includeUnverified ? [] : unsendable;
        const left = new Set(skipped.map((item) => item.contactId));
        await applyTemplate(
          targets.filter((id) => !left.has(id)),
          options.templateId,
          skipped,
        );
      } else {
        await generate(targets, options);
        setMode(null);
        setSelected([]);
      }
    } catch (caught) {
      toast.error(errorText(caught));
    }
  };

  const handleRetry = (contactId: string) => void retry(contactId);
  /** a failed send goes again from the default mailbox; its window event refreshes the row */
  const handleRetrySend = async ({ contact, primaryDraft }: OutreachRow) => {
    if (!primaryDraft) return;
    setRetryingSend(contact.id);
    try {
      await sendDraft(api, primaryDraft.id);
      toast.success(`Sending to ${contact.name || 'your contact'} again`);
    } catch (caught) {
      toast.error(errorText(caught));
    } finally {
      setRetryingSend(null);
    }
  };
  const openRow = rows.find((row) => row.contact.id === openId) ?? null;
  const busy = Boolean(store.batch);

  if (!isLoading && !error && rows.length === 0)
    return (
      <Card>
        <EmptyState
          icon={<SendOutlined />}
          title="No outreach yet"
          description="E-mails you draft for your contacts, written by AI or from a template, appear here. Add contacts on your dashboard first, then come back to write to them."
        >
          <Link to={contactsPaths.dashboard}>Go to your contacts</Link>
        </EmptyState>
      </Card>
    );

  return (
    <>
      <div className="outreach-toolbar">
        <Typography.Text type="secondary" data-testid="outreach-selection">
          {selected.length
            ? `${selected.length} selected`
            : 'Select contacts to write to them, or open one to edit its draft.'}
        </Typography.Text>
        <div className="outreach-toolbar__actions">
          <Button
            icon={<FileTextOutlined />}
            disabled={!selected.length || busy}
            onClick={() => openBatch('template', selected)}
          >
            Apply template
          </Button>
          <Button
            type="primary"
            icon={<RobotOutlined />}
            disabled={!selected.length || busy}
            onClick={() => openBatch('ai', selected)}
          >
            Generate with AI
          </Button>
        </div>
      </div>
      {error ? (
        <Alert
          type="error"
          showIcon
          title="Your outreach could not be loaded"
          description={error.message}
          action={<Button onClick={() => void mutate()}>Try again</Button>}
        />
      ) : null}
      {store.batch ? <GenerationProgress batch={store.batch} nameOf={nameOf} /> : null}
      <OutreachTable
        rows={rows}
        generation={store.contacts}
        selectedIds={selected}
        onSelect={setSelected}
        onOpen={setOpenId}
        onReply={setReplyTo}
        onRetry={handleRetry}
        onRetrySend={(row) => void handleRetrySend(row)}
        retryingSend={retryingSend}
        loading={isLoading}
      />
      <BatchModal
        mode={mode}
        count={targets.length}
        unsendable={unsendable}
        onCancel={() => setMode(null)}
        onStart={handleStart}
      />
      <ContactDrawerSlot
        contactId={replyTo}
        startReply
        onClose={() => setReplyTo(null)}
        onChanged={() => void mutate()}
      />
      <DraftDrawer
        row={openRow}
        onClose={() => setOpenId(null)}
        generating={openId !== null && store.contacts[openId]?.status === 'generating'}
        onGenerate={(contactId) => openBatch('ai', [contactId])}
      />
    </>
  );
};
