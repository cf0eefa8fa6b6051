import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

export type SectionCardProps = {
  title: ReactNode;
  /** one line under the title saying what the section is for */
  description?: ReactNode;
  /** actions or a status on the right of the title */
  extra?: ReactNode;
  children: ReactNode;
  id?: string;
  'data-testid'?: string;
};

/** A titled card of a settings-like page: title and purpose above, the content below. */
export const SectionCard = ({ title, description, extra, children, id, ...rest }: SectionCardProps) => (
  <Card
    id={id}
    data-testid={rest['data-testid']}
    styles={{ body: { padding: '20px 24px 24px' } }}
    title={
      <div style={{ padding: '16px 0 14px', whiteSpace: 'normal' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 17, lineHeight: 1.4, fontWeight: 600 }}>
          {title}
        </Typography.Title>
        {description ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 2, fontSize: 13.5, fontWeight: 400 }}>
            {description}
          </Typography.Text>
        ) : null}
      </div>
    }
    extra={extra}
  >
    {children}
  </Card>
);
