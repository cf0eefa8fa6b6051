import { ClockCircleOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Popover, Skeleton, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// the date-time picker comes with the first "Send later", not with the Outreach page
const SendLaterForm = lazy(async () => ({ default: (await import('./SendLaterForm')).SendLaterForm }));

export type SendButtonsProps = {
  /** why the draft cannot be sent now (shown on the disabled buttons), null when it can */
  blockedBy: string | null;
  busy: 'send' | 'schedule' | null;
  /** sends now (no time) or at `scheduledSendTime` */
  onSend: (scheduledSendTime?: string) => void;
  /** the mailbox it leaves from, said beside the buttons */
  from?: string;
};

/** Send now, or Send later at a chosen time (DESIGN §8: POST /api/drafts/{id}/send {scheduledSendTime?}). */
export const SendButtons = ({ blockedBy, busy, onSend, from }: SendButtonsProps) => {
  const { t } = useTranslation('outreach');
  const [laterOpen, setLaterOpen] = useState(false);
  const disabled = blockedBy !== null || busy !== null;
  const buttons = (
    <>
      <Button
        type="primary"
        icon={<SendOutlined />}
        loading={busy === 'send'}
        disabled={disabled && busy !== 'send'}
        onClick={() => onSend()}
      >
        {t('send.send')}
      </Button>
      <Popover
        trigger="click"
        placement="topLeft"
        open={laterOpen && blockedBy === null}
        onOpenChange={setLaterOpen}
        title={t('send.later')}
        destroyOnHidden
        content={
          <Suspense fallback={<Skeleton.Input active />}>
            <SendLaterForm
              busy={busy === 'schedule'}
              onSchedule={(when) => {
                setLaterOpen(false);
                onSend(when);
              }}
            />
          </Suspense>
        }
      >
        <Button icon={<ClockCircleOutlined />} loading={busy === 'schedule'} disabled={disabled && busy !== 'schedule'}>
          {t('send.later')}
        </Button>
      </Popover>
    </>
  );
  return (
    <>
      {blockedBy ? (
        <Tooltip title={blockedBy}>
          <span className="send-buttons" data-testid="send-blocked">
            {buttons}
          </span>
        </Tooltip>
      ) : (
        <span className="send-buttons">{buttons}</span>
      )}
      <Typography.Text type={blockedBy ? 'warning' : 'secondary'} className="send-buttons__note">
        {blockedBy ?? (from ? t('send.from', { email: from }) : null)}
      </Typography.Text>
    </>
  );
};
