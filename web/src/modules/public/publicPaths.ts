/** The public site's pages (SPEC §2 'Public routes'): dark, for signed-out visitors. */
export const publicPaths = {
  home: '/',
  features: '/features',
  philosophy: '/philosophy',
  approach: '/approach',
  pricing: '/pricing',
  support: '/support',
  privacy: '/privacy',
  terms: '/terms',
  zoomGuide: '/zoom-guide',
  referralProgram: '/referral-program',
  loading: '/loading',
} as const;
