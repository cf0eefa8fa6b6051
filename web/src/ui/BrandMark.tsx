import './BrandMark.css';

export type BrandMarkProps = {
  /** light text for dark backgrounds */
  inverted?: boolean;
  /** @default 28 */
  size?: number;
};

/** The product's logo and name. Plain SVG so the public pages can use it without antd. */
export const BrandMark = ({ inverted = false, size = 28 }: BrandMarkProps) => (
  // the name and the gap scale with the mark: both are in em of this size
  <span className={inverted ? 'brand-mark brand-mark--inverted' : 'brand-mark'} style={{ fontSize: size }}>
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect className="brand-mark__tile" width="32" height="32" rx="8" />
      <rect className="brand-mark__envelope" x="7" y="9" width="18" height="14" rx="2.5" />
      <path className="brand-mark__envelope" d="M7 11.5 16 18l9-6.5" />
    </svg>
    <span className="brand-mark__name">Outreach</span>
  </span>
);
