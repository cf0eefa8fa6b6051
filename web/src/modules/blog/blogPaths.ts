/** The blog's pages (SPEC §2 'Public routes': /blog, /blog/{slug}). */
export const blogPaths = {
  index: '/blog',
  /** the router's pattern of a post */
  post: '/blog/:slug',
} as const;

export const blogPostPath = (slug: string) => `${blogPaths.index}/${slug}`;
