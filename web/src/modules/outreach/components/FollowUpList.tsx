import { CalendarOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Typography } from 'antd';
import type { Draft } from '@shared/schemas/drafts';
import { formatDateTime } from '@/lib/formatDate';
import './outreach.css';

export type FollowUpListProps = {
  /** the contact's follow-ups waiting for their time (utils/sendState isScheduledFollowUp) */
  followUps: readonly Draft[];
  cancelling: string | null;
  onCancel: (draft: Draft) => void;
};

/** DESIGN §6 auto follow-up: what will go out unless the contact answers first, each to cancel by hand. */
export const FollowUpList = ({ followUps, cancelling, onCancel }: FollowUpListProps) =>
  followUps.length ? (
    <section className="follow-ups" aria-label="Scheduled follow-ups" data-testid="follow-ups">
      {followUps.map((followUp) => (
        <div className="follow-ups__item" key={followUp.id} data-testid="follow-up">
          <CalendarOutlined className="follow-ups__icon" />
          <div className="follow-ups__text">
            <Typography.Text strong>
              Follow-up scheduled for {formatDateTime(followUp.scheduledSendTime ?? '')}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {followUp.subject || '(no subject)'} · cancelled on its own if they reply first
            </Typography.Text>
          </div>
          <Popconfirm
            title="Cancel this follow-up?"
            description="It will not be sent."
            okText="Cancel follow-up"
            cancelText="Keep it"
            onConfirm={() => onCancel(followUp)}
          >
            <Button size="small" loading={cancelling === followUp.id}>
              Cancel follow-up
            </Button>
          </Popconfirm>
        </div>
      ))}
    </section>
  ) : null;
