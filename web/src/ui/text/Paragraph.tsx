import type { HTMLAttributes } from 'react';
import { textClassName, type TextType } from './textClassName';
import './text.css';

export type ParagraphProps = HTMLAttributes<HTMLDivElement> & { type?: TextType };

/** A paragraph as antd's `Typography.Paragraph` draws it (text.css), see {@link Text}. */
export const Paragraph = ({ type, className, ...rest }: ParagraphProps) => (
  <div className={textClassName('text', type, className)} {...rest} />
);
