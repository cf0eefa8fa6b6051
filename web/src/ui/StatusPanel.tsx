import { Spin } from 'antd';
import { Text } from './text/Text';
import type { ReactNode } from 'react';
import './StatusPanel.css';

export type StatusPanelTone = 'success' | 'warning' | 'neutral';

export type StatusPanelProps = {
  tone: StatusPanelTone;
  icon: ReactNode;
  heading: ReactNode;
  /** lines under the heading */
  description?: ReactNode;
  /** the buttons, stacked */
  children?: ReactNode;
  /** a small muted line under the buttons */
  footnote?: ReactNode;
  /** work under way: a spinner with this text covers the panel */
  pendingText?: string | null;
};

/** The body of a connection popover: an icon, what the state is, what can be done about it. */
export const StatusPanel = ({
  tone,
  icon,
  heading,
  description,
  children,
  footnote,
  pendingText,
}: StatusPanelProps) => (
  <Spin spinning={Boolean(pendingText)} description={pendingText ?? undefined}>
    <div className="status-panel">
      <div className="status-panel__summary">
        <span aria-hidden="true" className={`status-panel__icon status-panel__icon--${tone}`}>
          {icon}
        </span>
        <div className="status-panel__text">
          <Text strong className="status-panel__heading">
            {heading}
          </Text>
          {description ? (
            <Text type="secondary" className="status-panel__description">
              {description}
            </Text>
          ) : null}
        </div>
      </div>
      {children ? <div className="status-panel__actions">{children}</div> : null}
      {footnote ? (
        <Text type="secondary" className="status-panel__footnote">
          {footnote}
        </Text>
      ) : null}
    </div>
  </Spin>
);
