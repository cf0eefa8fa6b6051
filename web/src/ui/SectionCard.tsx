import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import './SectionCard.css';

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
    className="section-card"
    title={
      <div className="section-card__heading">
        <Typography.Title level={2} className="section-card__title">
          {title}
        </Typography.Title>
        {description ? (
          <Typography.Text type="secondary" className="section-card__description">
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
