import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { Draft } from '@shared/schemas/drafts';
import { useNow } from '@/lib/useNow';
import { useTranslation } from 'react-i18next';
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

/** the catalogue keys of what each state says under its label */
const descriptions: Partial<Record<SendStateKind, string>> = {
  sending: 'sendStatus.sending',
  scheduled: 'sendStatus.scheduled',
  sent: 'sendStatus.sent',
  archived: 'sendStatus.archived',
};

/** The drawer's word on a draft that is not a plain draft any more: sending, queued, scheduled, sent, failed. */
export const DraftSendStatus = ({ draft, onRetry, retrying, onCancelSchedule, cancelling }: DraftSendStatusProps) => {
  // re-rendered every 30 s so 'Sent 5m ago' stays true; the time is read at render (the draft may be newer)
  useNow();
  const { t } = useTranslation('outreach');
  const now = Date.now();
  const state = sendStateOf(draft, now);
  if (state.kind === 'draft') return null;
  const described = descriptions[state.kind];
  const description =
    state.kind === 'queued'
      ? state.detail
        ? t('sendStatus.waitingBecause', { reason: state.detail })
        : t('sendStatus.waiting')
      : state.kind === 'failed'
        ? t('sendStatus.failed')
        : described && t(described);
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
            {t('retry')}
          </Button>
        ) : state.kind === 'scheduled' ? (
          <Button loading={cancelling} onClick={onCancelSchedule}>
            {draft.draftType === 'follow_up' ? t('followUps.cancel') : t('sendStatus.cancelSend')}
          </Button>
        ) : null
      }
    />
  );
};
