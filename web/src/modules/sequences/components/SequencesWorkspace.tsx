import { PlusOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatRecentTime } from '@/lib/formatDate';
import { sequenceParam } from '@/lib/paths';
import { EmptyState } from '@/ui/EmptyState';
import type { Sequence } from '../api/sequencesApi';
import { useSequences } from '../hooks/useSequences';
import { SequenceDetail } from './SequenceDetail';
import { SequenceEditor } from './SequenceEditor';
import './sequences.css';

/** What the editor drawer holds: nothing (closed), a new sequence, or a saved one. */
type Editing = { sequence: Sequence | null } | null;

/**
 * /sequences: the user's sequences (name, steps, contacts enrolled), a new one or a change in a drawer, and the open
 * one's numbers and enrolled contacts below. The open sequence is in the URL (`?sequence=`), so a link opens it.
 */
export const SequencesWorkspace = () => {
  const { t, i18n } = useTranslation('sequences');
  const { sequences, error, isLoading, mutate, save } = useSequences();
  const [editing, setEditing] = useState<Editing>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get(sequenceParam);
  const setOpenId = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(sequenceParam, id);
        else next.delete(sequenceParam);
        return next;
      },
      { replace: true },
    );

  const newButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ sequence: null })}>
      {t('list.new')}
    </Button>
  );
  const editor = (
    <SequenceEditor
      open={editing !== null}
      sequence={editing?.sequence ?? null}
      onSave={save}
      onClose={() => setEditing(null)}
      onSaved={(saved) => {
        setEditing(null);
        setOpenId(saved.id);
      }}
    />
  );

  if (isLoading)
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (error && sequences.length === 0)
    return (
      <Alert
        type="error"
        showIcon
        title={t('list.loadFailed')}
        description={error.message}
        action={<Button onClick={() => void mutate()}>{t('list.tryAgain')}</Button>}
      />
    );
  if (sequences.length === 0)
    return (
      <Card>
        <EmptyState icon={<NodeIndexOutlined />} title={t('list.emptyTitle')} description={t('list.emptyDescription')}>
          {newButton}
        </EmptyState>
        {editor}
      </Card>
    );

  // the open one, else the newest: the page always shows one sequence's numbers
  const open = sequences.find((sequence) => sequence.id === openId) ?? sequences[0] ?? null;
  return (
    <div className="sequences-page">
      <Card title={t('list.title')} extra={newButton}>
        <Table<Sequence>
          size="small"
          rowKey="id"
          aria-label={t('list.title')}
          dataSource={sequences}
          pagination={false}
          rowClassName={(sequence) => (sequence.id === open?.id ? 'ant-table-row-selected' : '')}
          columns={[
            {
              key: 'name',
              title: t('list.name'),
              render: (_, sequence) => (
                <Button
                  type="link"
                  className="sequences-list__name"
                  aria-current={sequence.id === open?.id ? 'true' : undefined}
                  onClick={() => setOpenId(sequence.id)}
                >
                  {sequence.name}
                </Button>
              ),
            },
            { key: 'steps', title: t('list.steps'), align: 'right', render: (_, sequence) => sequence.steps.length },
            {
              key: 'enrolled',
              title: t('list.enrolled'),
              align: 'right',
              render: (_, sequence) => sequence.enrolled ?? 0,
            },
            {
              key: 'updated',
              title: t('list.updated'),
              render: (_, sequence) => formatRecentTime(sequence.updatedAt, i18n.language),
            },
          ]}
        />
      </Card>
      {open ? (
        <SequenceDetail
          key={open.id}
          sequenceId={open.id}
          onEdit={(sequence) => setEditing({ sequence })}
          onDeleted={() => setOpenId(null)}
        />
      ) : null}
      {editor}
    </div>
  );
};
