import { Empty } from 'antd';
import { Text } from './text/Text';
import type { ReactNode } from 'react';
import './EmptyState.css';

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
    className={compact ? 'empty-state empty-state--compact' : 'empty-state'}
    image={
      icon ? (
        <span aria-hidden="true" className="empty-state__icon">
          {icon}
        </span>
      ) : (
        Empty.PRESENTED_IMAGE_SIMPLE
      )
    }
    description={
      <div className="empty-state__text">
        <Text strong className="empty-state__title">
          {title}
        </Text>
        {description ? (
          <Text type="secondary" className="empty-state__description">
            {description}
          </Text>
        ) : null}
      </div>
    }
  >
    {children}
  </Empty>
);
