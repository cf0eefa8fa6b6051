export type BrandMarkProps = {
  /** light text for dark backgrounds */
  inverted?: boolean;
  /** @default 28 */
  size?: number;
};

/** The product's logo and name. Plain SVG so the public pages can use it without antd. */
export const BrandMark = ({ inverted = false, size = 28 }: BrandMarkProps) => (
  <span className="brand-mark" style={{ display: 'inline-flex', alignItems: 'center', gap: size * 0.35 }}>
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <rect x="7" y="9" width="18" height="14" rx="2.5" fill="none" stroke="#fff" strokeWidth="2.4" />
      <path d="M7 11.5 16 18l9-6.5" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
    <span style={{ fontWeight: 700, fontSize: size * 0.68, letterSpacing: '-0.01em', color: inverted ? '#fff' : '#111827' }}>
      Outreach
    </span>
  </span>
);
