import { FileTextOutlined, RobotOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { errorText } from '@/lib/http/errorText';
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
  const { t } = useTranslation('outreach');
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
    if (failed) toast.warning(t('dashboard.batchDoneWithFailures', { count: completed, failed }));
    else toast.success(t('dashboard.batchDone', { count: completed }));
  });

  const nameOf = (contactId: string) =>
    rows.find((row) => row.contact.id === contactId)?.contact.name || t('unnamedContact');

  const openBatch = (next: BatchMode, ids: string[]) => {
    if (ids.length > maxBatchSize) {
      toast.warning(t('dashboard.tooMany', { count: maxBatchSize }));
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
      toast.success(t('dashboard.sendingAgain', { name: contact.name || t('dashboard.yourContact') }));
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
          title={t('dashboard.emptyTitle')}
          description={t('dashboard.emptyDescription')}
        >
          <Link to={contactsPaths.dashboard}>{t('dashboard.goToContacts')}</Link>
        </EmptyState>
      </Card>
    );

  return (
    <>
      <div className="outreach-toolbar">
        <Typography.Text type="secondary" data-testid="outreach-selection">
          {selected.length ? t('dashboard.selected', { count: selected.length }) : t('dashboard.selectHint')}
        </Typography.Text>
        <div className="outreach-toolbar__actions">
          <Button
            icon={<FileTextOutlined />}
            disabled={!selected.length || busy}
            onClick={() => openBatch('template', selected)}
          >
            {t('dashboard.applyTemplate')}
          </Button>
          <Button
            type="primary"
            icon={<RobotOutlined />}
            disabled={!selected.length || busy}
            onClick={() => openBatch('ai', selected)}
          >
            {t('dashboard.generateWithAi')}
          </Button>
        </div>
      </div>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('dashboard.loadFailed')}
          description={error.message}
          action={<Button onClick={() => void mutate()}>{t('tryAgain')}</Button>}
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
