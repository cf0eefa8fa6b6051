import { Spin, Typography } from 'antd';
import type { ReactNode } from 'react';

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

const toneColors: Record<StatusPanelTone, { background: string; color: string }> = {
  success: { background: '#ecfdf3', color: '#16a34a' },
  warning: { background: '#fff7ed', color: '#ea580c' },
  neutral: { background: '#f3f4f6', color: '#6b7280' },
};

/** The body of a connection popover: an icon, what the state is, what can be done about it. */
export const StatusPanel = ({ tone, icon, heading, description, children, footnote, pendingText }: StatusPanelProps) => (
  <Spin spinning={Boolean(pendingText)} description={pendingText ?? undefined}>
    <div style={{ display: 'grid', gap: 14, width: 300 }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <span
          aria-hidden="true"
          style={{
            display: 'inline-grid',
            placeItems: 'center',
            flexShrink: 0,
            width: 36,
            height: 36,
            borderRadius: '50%',
            fontSize: 18,
            ...toneColors[tone],
          }}
        >
          {icon}
        </span>
        <div style={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Typography.Text>
          {description ? (
            <Typography.Text type="secondary" style={{ fontSize: 13, lineHeight: 1.5 }}>
              {description}
            </Typography.Text>
          ) : null}
        </div>
      </div>
      {children ? <div style={{ display: 'grid', gap: 8 }}>{children}</div> : null}
      {footnote ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: 1.5 }}>
          {footnote}
        </Typography.Text>
      ) : null}
    </div>
  </Spin>
);
