import type { PipelineCard } from '@shared/schemas/pipeline';
import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { ContactDrawerSlot } from '@/modules/contacts/components/ContactDrawerSlot';
import { useNow } from '@/lib/useNow';
import { usePipeline } from '../hooks/usePipeline';
import { useTranslation } from 'react-i18next';
import { PipelineBoard } from './PipelineBoard';
import './PipelineDashboard.css';

/** The board of /pipeline: the server's stages, cards moved by dragging, a card opening its contact's drawer. */
export const PipelineDashboard = () => {
  const { t } = useTranslation('pipeline');
  const { stages, move, data, error, isLoading, mutate } = usePipeline();
  const now = useNow();
  const [open, setOpen] = useState<{ contactId: string; reply: boolean } | null>(null);

  if (error && !data)
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        description={error.message}
        action={<Button onClick={() => void mutate()}>{t('retry')}</Button>}
      />
    );

  return (
    <>
      {isLoading && !data ? (
        <div className="pipeline-board" aria-busy="true">
          {stages.map((column) => (
            <Skeleton key={column.stage} active paragraph={{ rows: 4 }} className="pipeline-board__skeleton" />
          ))}
        </div>
      ) : (
        <PipelineBoard
          stages={stages}
          now={now}
          onMove={(card, stage) => void move(card, stage)}
          onOpen={(card: PipelineCard) => setOpen({ contactId: card.contactId, reply: false })}
          onReply={(card: PipelineCard) => setOpen({ contactId: card.contactId, reply: true })}
        />
      )}
      <ContactDrawerSlot
        contactId={open?.contactId ?? null}
        startReply={open?.reply ?? false}
        onClose={() => setOpen(null)}
        onChanged={() => void mutate()}
      />
    </>
  );
};
