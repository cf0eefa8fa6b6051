import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './Avatar.css';

export type AvatarProps = {
  /** width and height in px */
  size: number;
  /** a picture; the `children` show when there is none or it fails to load */
  src?: string;
  alt?: string;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
};

/** The room antd's Avatar leaves on each side of its text, which it shrinks to fit. */
const gap = 4;

/**
 * A person's picture or initials on a disc, as antd's Avatar draws them at a given size (Avatar.css): antd's Avatar
 * brings its group, responsive sizes and styles (about 1.5 KiB gzip) for this.
 */
export const Avatar = ({ size, src, alt, className, children, ...rest }: AvatarProps) => {
  const [failedSrc, setFailedSrc] = useState<string>();
  const [scale, setScale] = useState(1);
  const textRef = useRef<HTMLSpanElement>(null);
  const image = Boolean(src) && failedSrc !== src;

  useLayoutEffect(() => {
    const width = textRef.current?.offsetWidth ?? 0;
    setScale(width > size - gap * 2 ? (size - gap * 2) / width : 1);
  });

  return (
    <span
      className={['avatar', image ? 'avatar--image' : undefined, className].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      data-testid={rest['data-testid']}
    >
      {image ? (
        <img src={src} alt={alt} onError={() => setFailedSrc(src)} />
      ) : (
        <span ref={textRef} className="avatar__text" style={scale === 1 ? undefined : { transform: `scale(${scale})` }}>
          {children}
        </span>
      )}
    </span>
  );
};
