import { Typography } from 'antd';
import type { ReactNode } from 'react';

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** actions on the right of the title */
  extra?: ReactNode;
};

/** The title area every app page opens with. */
export const PageHeader = ({ title, description, extra }: PageHeaderProps) => (
  <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 16, marginBottom: 24 }}>
    <div style={{ minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 26, lineHeight: 1.3, fontWeight: 650 }}>
        {title}
      </Typography.Title>
      {description ? (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 15 }}>
          {description}
        </Typography.Paragraph>
      ) : null}
    </div>
    {extra ? <div style={{ display: 'flex', gap: 8, flexShrink: 0 }}>{extra}</div> : null}
  </div>
);
