import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  /** an icon from `@ant-design/icons`; the plain empty-box picture otherwise */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** buttons or links under the text */
  children?: ReactNode;
  /** less vertical room, for a card among others or a narrow column */
  compact?: boolean;
};

/** What a list or page shows before it has anything: what will appear there and how it gets there. */
export const EmptyState = ({ icon, title, description, children, compact = false }: EmptyStateProps) => (
  <Empty
    image={
      icon ? (
        <span
          aria-hidden="true"
          style={{
            display: 'inline-grid',
            placeItems: 'center',
            width: compact ? 44 : 56,
            height: compact ? 44 : 56,
            borderRadius: '50%',
            background: '#eef0ff',
            color: '#4f46e5',
            fontSize: compact ? 20 : 24,
          }}
        >
          {icon}
        </span>
      ) : (
        Empty.PRESENTED_IMAGE_SIMPLE
      )
    }
    styles={{
      root: { margin: 0, padding: compact ? '16px 8px' : '40px 16px' },
      image: { height: 'auto', marginBottom: compact ? 10 : 16 },
    }}
    description={
      <div style={{ display: 'grid', gap: 6, justifyItems: 'center' }}>
        <Typography.Text strong style={{ fontSize: compact ? 14 : 16, color: '#111827' }}>
          {title}
        </Typography.Text>
        {description ? (
          <Typography.Text type="secondary" style={{ maxWidth: 480, fontSize: compact ? 13 : 14, lineHeight: 1.55 }}>
            {description}
          </Typography.Text>
        ) : null}
      </div>
    }
  >
    {children}
  </Empty>
);
