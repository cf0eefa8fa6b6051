import type { HTMLAttributes, ReactNode } from 'react';
import './Panel.css';

export type PanelProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  title: ReactNode;
  /** on the right of the title */
  extra?: ReactNode;
  /** antd Card's `size="small"`: a lower header and less padding */
  size?: 'small';
  'data-testid'?: string;
};

/**
 * A bordered card with a title bar, as antd's Card draws it (Panel.css), for the dashboard's first screen: antd's Card
 * brings its tabs, grid, meta, actions and loading skeleton (about 5 KiB gzip with Skeleton).
 */
export const Panel = ({ title, extra, size, className, children, ...rest }: PanelProps) => (
  <div
    className={['panel', size === 'small' ? 'panel--small' : undefined, className].filter(Boolean).join(' ')}
    {...rest}
  >
    <div className="panel__head">
      <div className="panel__head-wrapper">
        <div className="panel__title">{title}</div>
        {extra ? <div className="panel__extra">{extra}</div> : null}
      </div>
    </div>
    <div className="panel__body">{children}</div>
  </div>
);
