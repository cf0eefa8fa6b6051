import { Button, DatePicker, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/formatDate';
import './outreach.css';
import { i18n } from '@/i18n';

export type SendLaterFormProps = {
  busy: boolean;
  /** the chosen time, as an ISO date-time with offset (POST /api/drafts/{id}/send's scheduledSendTime) */
  onSchedule: (scheduledSendTime: string) => void;
};

type Picked = { toISOString: () => string; valueOf: () => number };

/** SPEC §3 Draft scheduledSendTime: a date and time in this browser's zone, later than now. Loaded when opened. */
export const SendLaterForm = ({ busy, onSchedule }: SendLaterFormProps) => {
  const { t } = useTranslation('outreach');
  const [picked, setPicked] = useState<Picked | null>(null);
  const inFuture = picked !== null && picked.valueOf() > Date.now();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div className="send-later" data-testid="send-later">
      <DatePicker
        showTime={{ format: 'HH:mm', minuteStep: 5 }}
        format="YYYY-MM-DD HH:mm"
        aria-label={t('send.at')}
        placeholder={t('send.pickDateTime')}
        className="send-later__picker"
        disabledDate={(day) => day.endOf('day').valueOf() < Date.now()}
        onChange={(value) => setPicked(value ?? null)}
        getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      />
      <Typography.Text type="secondary" className="send-later__hint">
        {picked && inFuture
          ? t('send.sendsAt', { time: formatDateTime(picked.toISOString(), i18n.language), zone })
          : picked
            ? t('send.pickLater')
            : t('send.timeZone', { zone })}
      </Typography.Text>
      <Button
        type="primary"
        loading={busy}
        disabled={!inFuture}
        onClick={() => picked && onSchedule(picked.toISOString())}
      >
        {t('send.schedule')}
      </Button>
    </div>
  );
};
