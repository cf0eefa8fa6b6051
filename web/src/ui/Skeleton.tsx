import type { CSSProperties } from 'react';
import './Skeleton.css';

/*
 * Grey, shimmering placeholders of what is loading, as antd's Skeleton draws them (Skeleton.css): antd's Skeleton (with
 * the Card that imports it, about 5 KiB gzip) is no part of the first screens for these.
 */

export type SkeletonBlockProps = {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** corner radius in px; a disc when 'circle' @default 4 */
  radius?: number | 'circle';
  className?: string;
};

/** One bar or disc, as antd's `Skeleton.Node`, `Skeleton.Input` and `Skeleton.Avatar` (always active). */
export const SkeletonBlock = ({ width, height, radius, className }: SkeletonBlockProps) => (
  <span
    className={['skeleton', 'skeleton__block', className].filter(Boolean).join(' ')}
    style={{ width, height, borderRadius: radius === 'circle' ? '50%' : radius }}
  />
);

export type SkeletonTextProps = {
  /** lines of text */
  rows: number;
  /** a shorter heading bar above them */
  title?: boolean;
  className?: string;
};

/** Lines of text loading, as antd's `<Skeleton active title paragraph={{ rows }} />` (no avatar). */
export const SkeletonText = ({ rows, title = false, className }: SkeletonTextProps) => (
  <div className={['skeleton', 'skeleton__text', className].filter(Boolean).join(' ')}>
    {title ? <div className="skeleton__title" /> : null}
    <ul className="skeleton__paragraph">
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical bars that never move
        <li key={row} />
      ))}
    </ul>
  </div>
);
