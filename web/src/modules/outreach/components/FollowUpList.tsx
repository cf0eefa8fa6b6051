import { CalendarOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Typography } from 'antd';
import type { Draft } from '@shared/schemas/drafts';
import { formatDateTime } from '@/lib/formatDate';
import { useTranslation } from 'react-i18next';
import './outreach.css';
import { i18n } from '@/i18n';

export type FollowUpListProps = {
  /** the contact's follow-ups waiting for their time (utils/sendState isScheduledFollowUp) */
  followUps: readonly Draft[];
  cancelling: string | null;
  onCancel: (draft: Draft) => void;
};

/** DESIGN §6 auto follow-up: what will go out unless the contact answers first, each to cancel by hand. */
export const FollowUpList = ({ followUps, cancelling, onCancel }: FollowUpListProps) => {
  const { t } = useTranslation('outreach');
  return followUps.length ? (
    <section className="follow-ups" aria-label={t('followUps.label')} data-testid="follow-ups">
      {followUps.map((followUp) => (
        <div className="follow-ups__item" key={followUp.id} data-testid="follow-up">
          <CalendarOutlined className="follow-ups__icon" />
          <div className="follow-ups__text">
            <Typography.Text strong>
              {t('followUps.scheduledFor', { time: formatDateTime(followUp.scheduledSendTime ?? '', i18n.language) })}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {t('followUps.subjectLine', { subject: followUp.subject || t('noSubject') })}
            </Typography.Text>
          </div>
          <Popconfirm
            title={t('followUps.cancelTitle')}
            description={t('sendStatus.archived')}
            okText={t('followUps.cancel')}
            cancelText={t('followUps.keep')}
            onConfirm={() => onCancel(followUp)}
          >
            <Button size="small" loading={cancelling === followUp.id}>
              {t('followUps.cancel')}
            </Button>
          </Popconfirm>
        </div>
      ))}
    </section>
  ) : null;
};
