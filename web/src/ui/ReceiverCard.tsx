import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark';

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
  success: <CheckCircleFilled style={{ color: '#16a34a' }} />,
  error: <CloseCircleFilled style={{ color: '#dc2626' }} />,
  info: <InfoCircleFilled style={{ color: '#4f46e5' }} />,
};

/** The minimal centred card of an OAuth popup or redirect receiver: no shell, no navigation. */
export const ReceiverCard = ({ title, status, message, children }: ReceiverCardProps) => (
  <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, background: '#f5f6fa' }}>
    <title>{`${title} · Outreach`}</title>
    <div style={{ display: 'grid', justifyItems: 'center', gap: 20, width: '100%', maxWidth: 420 }}>
      <BrandMark size={24} />
      <div
        style={{
          display: 'grid',
          justifyItems: 'center',
          gap: 14,
          width: '100%',
          padding: '32px 28px',
          textAlign: 'center',
          background: '#fff',
          border: '1px solid #eceef3',
          borderRadius: 12,
          boxShadow: '0 1px 2px rgba(16, 24, 40, 0.04)',
        }}
      >
        <span aria-hidden="true" style={{ fontSize: 40, lineHeight: 1, minHeight: 40 }}>
          {status === 'loading' ? <Spin size="large" /> : icons[status]}
        </span>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph
          role={status === 'error' ? 'alert' : 'status'}
          style={{ margin: 0, fontSize: 15, lineHeight: 1.6, color: '#374151', overflowWrap: 'anywhere' }}
        >
          {message}
        </Typography.Paragraph>
        {children ? (
          <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 8, marginTop: 6 }}>{children}</div>
        ) : null}
      </div>
    </div>
  </main>
);
