import type { ReactNode } from 'react';

export type PageHeaderProps = {
  /** the small line above the title */
  eyebrow?: string;
  /** the page's one `<h1>` */
  title: ReactNode;
  lead?: ReactNode;
  /** a line under the lead, e.g. when a document was last updated */
  meta?: ReactNode;
  /** @default 'start' */
  align?: 'start' | 'center';
  /** buttons under the lead */
  children?: ReactNode;
};

/** The top of a public page: eyebrow, title, lead paragraph. */
export const PageHeader = ({ eyebrow, title, lead, meta, align = 'start', children }: PageHeaderProps) => (
  <header className={align === 'center' ? 'landing__page-header landing__page-header--center' : 'landing__page-header'}>
    {eyebrow && <p className="landing__eyebrow">{eyebrow}</p>}
    <h1 className="landing__title">{title}</h1>
    {lead && <p className="landing__lead">{lead}</p>}
    {meta && <p className="landing__meta">{meta}</p>}
    {children && <div className="landing__actions">{children}</div>}
  </header>
);
