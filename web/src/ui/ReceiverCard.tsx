import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark';
import './ReceiverCard.css';

/** SPEC §4 'Receiver pages': loading, success, error; info for a page with nothing to do. */
export type ReceiverStatus = 'loading' | 'success' | 'error' | 'info';

export type ReceiverCardProps = {
  title: string;
  status: ReceiverStatus;
  message: ReactNode;
  /** buttons under the message */
  children?: ReactNode;
};

const icons: Record<Exclude<ReceiverStatus, 'loading'>, ReactNode> = {
  success: <CheckCircleFilled />,
  error: <CloseCircleFilled />,
  info: <InfoCircleFilled />,
};

/** The minimal centred card of an OAuth popup or redirect receiver: no shell, no navigation. */
export const ReceiverCard = ({ title, status, message, children }: ReceiverCardProps) => (
  <main className="receiver-card">
    <title>{`${title} · Outreach`}</title>
    <div className="receiver-card__column">
      <BrandMark size={24} />
      <div className="receiver-card__card">
        <span aria-hidden="true" className={`receiver-card__icon receiver-card__icon--${status}`}>
          {status === 'loading' ? <Spin size="large" /> : icons[status]}
        </span>
        <Typography.Title level={1} className="receiver-card__title">
          {title}
        </Typography.Title>
        <Typography.Paragraph role={status === 'error' ? 'alert' : 'status'} className="receiver-card__message">
          {message}
        </Typography.Paragraph>
        {children ? <div className="receiver-card__actions">{children}</div> : null}
      </div>
    </div>
  </main>
);
