import { Fragment, type ReactNode } from 'react';
import './DetailList.css';

export type DetailListItem = { key: string; label: ReactNode; value: ReactNode };
export type DetailListProps = { items: DetailListItem[]; 'aria-label'?: string };

/** Label/value pairs in two aligned columns (one on narrow screens), so every card of a page lines up the same. */
export const DetailList = ({ items, ...rest }: DetailListProps) => (
  <dl className="detail-list" {...rest}>
    {items.map((item) => (
      <Fragment key={item.key}>
        <dt>{item.label}</dt>
        <dd>{item.value}</dd>
      </Fragment>
    ))}
  </dl>
);
