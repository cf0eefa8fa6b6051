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

/** The public pages a search engine should list (sitemap.xml, web/vite/crawlerFiles.ts): all but the loading screen. */
export const indexablePublicPaths: readonly string[] = Object.values(publicPaths).filter(
  (path) => path !== publicPaths.loading,
);
