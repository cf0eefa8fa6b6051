import type { ReactNode } from 'react';
import './CountBadge.css';

export type CountBadgeProps = {
  /** shown from 1; above `overflowCount` as `99+` */
  count: number;
  /** @default 99 */
  overflowCount?: number;
  /** what the count sits on, e.g. an icon */
  children: ReactNode;
};

/**
 * A small red count at the top-right corner of its child (antd's `Badge size="small"`), drawn with the theme's CSS
 * variables. Nothing is shown for 0. The count is decoration: say it in the accessible name of the control around.
 */
export const CountBadge = ({ count, overflowCount = 99, children }: CountBadgeProps) => {
  const text = count > overflowCount ? `${overflowCount}+` : String(count);
  return (
    <span className="count-badge">
      {children}
      {count > 0 ? (
        <sup className={`count-badge__count${text.length > 1 ? ' count-badge__count--wide' : ''}`} aria-hidden="true">
          {text}
        </sup>
      ) : null}
    </span>
  );
};
