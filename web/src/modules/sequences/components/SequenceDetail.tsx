import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Popconfirm, Skeleton, Statistic, Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/formatDate';
import { useToast } from '@/ui/toast/useToast';
import { errorText } from '@/lib/http/errorText';
import type { Enrollment, SequenceCounts, SequenceDetail as Detail, SequenceStep } from '../api/sequencesApi';
import { useContactNames, useSequenceDetail } from '../hooks/useSequenceDetail';
import { useSequences } from '../hooks/useSequences';
import { useTemplateOptions } from '../hooks/useTemplateOptions';
import { deliveredRates } from '../utils/sequenceForm';
import { EnrollmentActions } from './EnrollmentActions';
import { EnrollmentState } from './EnrollmentState';
import './sequences.css';

export type SequenceDetailProps = {
  sequenceId: string;
  onEdit: (sequence: Detail) => void;
  onDeleted: () => void;
};

type StepRow = SequenceCounts & { key: string; step: string; when: string; source: string };

const whenOf = (t: TFunction<'sequences'>, step: SequenceStep) =>
  t(step.businessDaysOnly ? 'detail.businessDaysLater' : 'detail.daysLater', {
    count: step.delayDays,
    time: step.sendTime,
  });

/** A zero line for a step the server has no numbers for yet. */
const noCounts: SequenceCounts = { sent: 0, replied: 0, positive: 0, bounced: 0, unsubscribed: 0 };

/**
 * One sequence: its numbers (reply rates over delivered e-mails, SPEC's 'analytics that do not lie'), a table of them
 * by step with when each step goes and who writes it, and the contacts enrolled with their state and actions.
 */
export const SequenceDetail = ({ sequenceId, onEdit, onDeleted }: SequenceDetailProps) => {
  const { t, i18n } = useTranslation('sequences');
  const toast = useToast();
  const { detail, enrollments, act } = useSequenceDetail(sequenceId);
  const { remove } = useSequences();
  const { nameOf: templateName } = useTemplateOptions();
  const names = useContactNames(true);
  const [deleting, setDeleting] = useState(false);
  const sequence = detail.data;

  if (detail.error && !sequence)
    return <Alert type="error" showIcon title={t('detail.loadFailed')} description={detail.error.message} />;
  if (!sequence)
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );

  const handleDelete = async () => {
    setDeleting(true);
    try {
      await remove(sequence.id);
      toast.success(t('detail.deleted'));
      onDeleted();
    } catch (caught) {
      toast.error(t('detail.deleteFailed'), { description: errorText(caught) });
      setDeleting(false);
    }
  };

  const stepRows: StepRow[] = [
    {
      key: 'initial',
      step: t('detail.initial'),
      when: t('detail.initialWhen'),
      source: '',
      ...(sequence.stats.steps[0] ?? noCounts),
    },
    ...sequence.steps.map((step, index) => {
      const name = templateName(step.templateId);
      return {
        key: `step-${index}`,
        step: t('detail.stepNumber', { number: index + 1 }),
        when: whenOf(t, step),
        source:
          step.source === 'ai' ? t('detail.ai') : name ? t('detail.templateNamed', { name }) : t('detail.templateGone'),
        ...(sequence.stats.steps[index + 1] ?? noCounts),
      };
    }),
  ];
  const total = sequence.stats.total;
  const rates = deliveredRates(total);
  const rateText = (percent: number | null) => (percent === null ? t('detail.noRate') : t('detail.rate', { percent }));
  const nameOf = (contactId: string) => names.get(contactId) || t('enrollments.unnamed');
  const countColumns = (['sent', 'replied', 'positive', 'bounced', 'unsubscribed'] as const).map((key) => ({
    key,
    dataIndex: key,
    title: t(`detail.${key}`),
    align: 'right' as const,
  }));

  return (
    <div className="sequences-page" data-testid="sequence-detail">
      <Card
        title={
          <Typography.Title level={2} className="sequence-detail__title">
            {sequence.name}
          </Typography.Title>
        }
        extra={
          <div className="sequence-detail__actions">
            <Button icon={<EditOutlined />} onClick={() => onEdit(sequence)}>
              {t('detail.edit')}
            </Button>
            <Popconfirm
              title={t('detail.deleteTitle')}
              description={t('detail.deleteDescription')}
              okText={t('detail.delete')}
              okButtonProps={{ danger: true }}
              onConfirm={() => void handleDelete()}
            >
              <Button danger icon={<DeleteOutlined />} loading={deleting}>
                {t('detail.delete')}
              </Button>
            </Popconfirm>
          </div>
        }
      >
        <Typography.Paragraph className="sequence-detail__meta">
          {sequence.recipientTimeZone ? t('detail.recipientTime') : t('detail.yourTime')}
        </Typography.Paragraph>
        <div className="sequence-detail__numbers">
          <Statistic title={t('detail.enrolled')} value={sequence.stats.enrolled} />
          <Statistic title={t('detail.sent')} value={total.sent} />
          <Statistic title={t('detail.replyRate')} value={rateText(rates.replyRate)} />
          <Statistic title={t('detail.positiveRate')} value={rateText(rates.positiveRate)} />
          <Statistic title={t('detail.bounced')} value={total.bounced} />
          <Statistic title={t('detail.unsubscribed')} value={total.unsubscribed} />
        </div>
        <Table<StepRow>
          size="small"
          pagination={false}
          aria-label={t('detail.numbers')}
          dataSource={stepRows}
          columns={[
            { key: 'step', dataIndex: 'step', title: t('detail.step') },
            { key: 'when', dataIndex: 'when', title: t('detail.when') },
            { key: 'source', dataIndex: 'source', title: t('detail.source') },
            ...countColumns,
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                {t('detail.total')}
              </Table.Summary.Cell>
              {countColumns.map((column, index) => (
                <Table.Summary.Cell key={column.key} index={index + 3} align="right">
                  {total[column.key]}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )}
        />
      </Card>
      <Card title={t('enrollments.title')}>
        {enrollments.error && !enrollments.data ? (
          <Alert type="error" showIcon title={t('enrollments.loadFailed')} description={enrollments.error.message} />
        ) : (
          <Table<Enrollment>
            size="small"
            rowKey="contactId"
            aria-label={t('enrollments.title')}
            loading={enrollments.isLoading}
            dataSource={enrollments.data ?? []}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            locale={{ emptyText: t('enrollments.empty') }}
            columns={[
              {
                key: 'contact',
                title: t('enrollments.contact'),
                render: (_, enrollment) => nameOf(enrollment.contactId),
              },
              {
                key: 'status',
                title: t('enrollments.status'),
                render: (_, enrollment) => (
                  <EnrollmentState enrollment={enrollment} stepCount={sequence.steps.length} />
                ),
              },
              {
                key: 'next',
                title: t('enrollments.next'),
                render: (_, enrollment) =>
                  enrollment.nextSendAt && (enrollment.status === 'active' || enrollment.status === 'paused')
                    ? formatDateTime(enrollment.nextSendAt, i18n.language)
                    : t('enrollments.none'),
              },
              {
                key: 'actions',
                title: t('enrollments.actions'),
                render: (_, enrollment) => (
                  <EnrollmentActions
                    enrollment={enrollment}
                    name={nameOf(enrollment.contactId)}
                    onAction={(action) => act(enrollment.contactId, action)}
                  />
                ),
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
};
