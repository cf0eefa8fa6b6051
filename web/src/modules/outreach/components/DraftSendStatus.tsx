import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { Draft } from '@shared/schemas/drafts';
import { useNow } from '@/lib/useNow';
import { type SendStateKind, sendStateOf } from '../utils/sendState';

export type DraftSendStatusProps = {
  draft: Draft;
  /** offered on a failed send: sends it again (null: Retry is not offered, e.g. no mailbox) */
  onRetry: (() => void) | null;
  retrying: boolean;
  /** offered on a scheduled send: puts it back to an unsent draft */
  onCancelSchedule: () => void;
  cancelling: boolean;
};

const alertTypes: Record<Exclude<SendStateKind, 'draft'>, 'info' | 'success' | 'warning' | 'error'> = {
  sending: 'info',
  queued: 'warning',
  scheduled: 'info',
  sent: 'success',
  failed: 'error',
  archived: 'info',
};

const descriptions: Partial<Record<SendStateKind, string>> = {
  sending: 'It is leaving from your mailbox now.',
  scheduled: 'It leaves from your mailbox at that time. Cancel the send to change it.',
  sent: 'It can no longer be changed. Save as new draft to write another from it.',
  archived: 'It will not be sent.',
};

/** The drawer's word on a draft that is not a plain draft any more: sending, queued, scheduled, sent, failed. */
export const DraftSendStatus = ({ draft, onRetry, retrying, onCancelSchedule, cancelling }: DraftSendStatusProps) => {
  // re-rendered every 30 s so 'Sent 5m ago' stays true; the time is read at render (the draft may be newer)
  useNow();
  const now = Date.now();
  const state = sendStateOf(draft, now);
  if (state.kind === 'draft') return null;
  const description =
    state.kind === 'queued'
      ? `Waiting to send${state.detail ? `: ${state.detail}` : ''}. It leaves on its own; nothing to do.`
      : state.kind === 'failed'
        ? 'Nothing was sent. Check the contact and your mailbox, then try again.'
        : descriptions[state.kind];
  return (
    <Alert
      type={alertTypes[state.kind]}
      showIcon
      title={state.label}
      description={description}
      className="draft-send-status"
      data-testid="draft-send-status"
      action={
        state.kind === 'failed' && onRetry ? (
          <Button icon={<ReloadOutlined />} loading={retrying} onClick={onRetry}>
            Retry
          </Button>
        ) : state.kind === 'scheduled' ? (
          <Button loading={cancelling} onClick={onCancelSchedule}>
            {draft.draftType === 'follow_up' ? 'Cancel follow-up' : 'Cancel send'}
          </Button>
        ) : null
      }
    />
  );
};
