import type { HTMLAttributes, ReactNode, Ref } from 'react';
import './Tag.css';

export type TagProps = HTMLAttributes<HTMLSpanElement> & {
  /** a status ('success', 'processing', 'error', 'warning', 'default') or one of antd's preset colours ('blue', …) */
  color?: string;
  icon?: ReactNode;
  ref?: Ref<HTMLSpanElement>;
  'data-testid'?: string;
  'data-state'?: string;
};

/**
 * A small label, as antd's Tag draws it (filled, Tag.css): antd's Tag brings closing, checkable tags and colour
 * maths (about 3 KiB gzip) for what the app's tags never do. It takes a ref and handlers, so a Tooltip can wrap it.
 */
export const Tag = ({ color = 'default', icon, className, children, ...rest }: TagProps) => (
  <span className={['tag', `tag--${color}`, className].filter(Boolean).join(' ')} {...rest}>
    {icon ? (
      <>
        {icon}
        <span>{children}</span>
      </>
    ) : (
      children
    )}
  </span>
);
