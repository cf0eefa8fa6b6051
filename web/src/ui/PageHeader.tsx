import { Typography } from 'antd';
import type { ReactNode } from 'react';
import './PageHeader.css';

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** actions on the right of the title */
  extra?: ReactNode;
};

/** The title area every app page opens with. */
export const PageHeader = ({ title, description, extra }: PageHeaderProps) => (
  <div className="page-header">
    <div className="page-header__text">
      <Typography.Title level={1} className="page-header__title">
        {title}
      </Typography.Title>
      {description ? (
        <Typography.Paragraph type="secondary" className="page-header__description">
          {description}
        </Typography.Paragraph>
      ) : null}
    </div>
    {extra ? <div className="page-header__extra">{extra}</div> : null}
  </div>
);
