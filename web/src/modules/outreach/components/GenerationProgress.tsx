import { Card, Progress, Typography } from 'antd';
import { unsendableSummary } from '@shared/addresses';
import type { Snapshot } from 'valtio';
import type { BatchState } from '../state/generationState';
import './outreach.css';

export type GenerationProgressProps = {
  batch: Snapshot<BatchState>;
  /** the name shown for a contact id */
  nameOf: (contactId: string) => string;
};

/** SPEC §3 'Batch progress': the contact being written, completed and failed counts, a bar over the total. */
export const GenerationProgress = ({ batch, nameOf }: GenerationProgressProps) => {
  const done = batch.completed + batch.failed;
  const finished = done >= batch.total;
  const verb = batch.type === 'template' ? 'Filling in the template' : 'Writing e-mails';
  return (
    <Card className="outreach-progress" size="small" data-testid="generation-progress">
      <div className="outreach-progress__head">
        <Typography.Text strong>
          {finished ? `Done: ${batch.completed} of ${batch.total} ready` : `${verb}: ${done} of ${batch.total}`}
        </Typography.Text>
        <div className="outreach-progress__counts">
          <Typography.Text type="success" data-testid="progress-completed">
            {batch.completed} completed
          </Typography.Text>
          <Typography.Text type={batch.failed ? 'danger' : 'secondary'} data-testid="progress-failed">
            {batch.failed} failed
          </Typography.Text>
        </div>
      </div>
      <Progress
        percent={batch.total ? Math.round((done / batch.total) * 100) : 0}
        // the written part green, the failed part in the bar's colour (red once the batch ended with failures)
        success={{ percent: batch.total ? Math.round((batch.completed / batch.total) * 100) : 0 }}
        status={finished ? (batch.failed ? 'exception' : 'success') : 'active'}
        aria-label="Generation progress"
      />
      {batch.skipped.length ? (
        <Typography.Text type="warning" className="outreach-progress__skipped" data-testid="progress-skipped">
          {`Skipped: ${unsendableSummary(batch.skipped, batch.total + batch.skipped.length)}.`}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" data-testid="progress-current">
        {finished
          ? batch.failed
            ? 'Retry the failed ones from their row.'
            : 'Every e-mail is ready to review.'
          : batch.currentContact
            ? `Now: ${nameOf(batch.currentContact)}`
            : 'Waiting for the next contact…'}
      </Typography.Text>
    </Card>
  );
};
