import { Card, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from 'valtio';
import type { BatchState } from '../state/generationState';
import { unsendableSummaryText } from '../utils/recipient';
import './outreach.css';

export type GenerationProgressProps = {
  batch: Snapshot<BatchState>;
  /** the name shown for a contact id */
  nameOf: (contactId: string) => string;
};

/** SPEC §3 'Batch progress': the contact being written, completed and failed counts, a bar over the total. */
export const GenerationProgress = ({ batch, nameOf }: GenerationProgressProps) => {
  const { t } = useTranslation('outreach');
  const done = batch.completed + batch.failed;
  const finished = done >= batch.total;
  return (
    <Card className="outreach-progress" size="small" data-testid="generation-progress">
      <div className="outreach-progress__head">
        <Typography.Text strong>
          {finished
            ? t('progress.done', { completed: batch.completed, total: batch.total })
            : batch.type === 'template'
              ? t('progress.fillingIn', { done, total: batch.total })
              : t('progress.writing', { done, total: batch.total })}
        </Typography.Text>
        <div className="outreach-progress__counts">
          <Typography.Text type="success" data-testid="progress-completed">
            {t('progress.completed', { count: batch.completed })}
          </Typography.Text>
          <Typography.Text type={batch.failed ? 'danger' : 'secondary'} data-testid="progress-failed">
            {t('progress.failed', { count: batch.failed })}
          </Typography.Text>
        </div>
      </div>
      <Progress
        percent={batch.total ? Math.round((done / batch.total) * 100) : 0}
        // the written part green, the failed part in the bar's colour (red once the batch ended with failures)
        success={{ percent: batch.total ? Math.round((batch.completed / batch.total) * 100) : 0 }}
        status={finished ? (batch.failed ? 'exception' : 'success') : 'active'}
        aria-label={t('progress.label')}
      />
      {batch.skipped.length ? (
        <Typography.Text type="warning" className="outreach-progress__skipped" data-testid="progress-skipped">
          {t('progress.skipped', {
            summary: unsendableSummaryText(batch.skipped, batch.total + batch.skipped.length),
          })}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" data-testid="progress-current">
        {finished
          ? batch.failed
            ? t('progress.retryFailed')
            : t('progress.allReady')
          : batch.currentContact
            ? t('progress.now', { name: nameOf(batch.currentContact) })
            : t('progress.waiting')}
      </Typography.Text>
    </Card>
  );
};
