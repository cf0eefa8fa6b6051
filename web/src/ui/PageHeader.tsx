import { Title } from './text/Title';
import { Paragraph } from './text/Paragraph';
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
      <Title level={1} className="page-header__title">
        {title}
      </Title>
      {description ? (
        <Paragraph type="secondary" className="page-header__description">
          {description}
        </Paragraph>
      ) : null}
    </div>
    {extra ? <div className="page-header__extra">{extra}</div> : null}
  </div>
);
