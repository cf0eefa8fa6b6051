import type { HTMLAttributes } from 'react';
import { textClassName, type TextType } from './textClassName';
import './text.css';

export type TextProps = HTMLAttributes<HTMLSpanElement> & {
  type?: TextType;
  strong?: boolean;
  /** one line, cut with '…' (antd's `ellipsis` without a tooltip) */
  ellipsis?: boolean;
  'data-testid'?: string;
};

/**
 * A run of text as antd's `Typography.Text` draws it (text.css): antd's Typography brings its ellipsis measuring and
 * operations (about 5 KiB gzip) to every page that shows a word of it.
 */
export const Text = ({ type, strong, ellipsis, className, children, ...rest }: TextProps) => (
  <span className={textClassName(ellipsis ? 'text text--ellipsis' : 'text', type, className)} {...rest}>
    {strong ? <strong>{children}</strong> : children}
  </span>
);
