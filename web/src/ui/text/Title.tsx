import type { HTMLAttributes } from 'react';
import './text.css';

export type TitleProps = HTMLAttributes<HTMLHeadingElement> & { level: 1 | 2 | 3 | 4 | 5 };

/** A heading as antd's `Typography.Title` draws it (text.css), see {@link Text}. */
export const Title = ({ level, className, ...rest }: TitleProps) => {
  const Heading = `h${level}` as const;
  return <Heading className={['text title', className].filter(Boolean).join(' ')} {...rest} />;
};
