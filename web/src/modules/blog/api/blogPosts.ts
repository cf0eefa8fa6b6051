import { buildBlogIndex, slugFromPath, type BlogPostMeta } from '../utils/blogIndex';

// Front matter and word counts of every post, bundled with the blog pages; no HTML (web/vite/markdown.ts `?meta`).
const metaModules = import.meta.glob<BlogPostMeta>('../../../../content/blog/*.md', { eager: true, query: '?meta' });

// Each post's HTML in a chunk of its own, fetched when the post is opened.
const htmlLoaders = Object.fromEntries(
  Object.entries(import.meta.glob<string>('../../../../content/blog/*.md', { import: 'html' })).map(([path, load]) => [
    slugFromPath(path),
    load,
  ]),
);

/** Every post of `web/content/blog`, newest first. */
export const blogPosts = buildBlogIndex(metaModules);

export const findBlogPost = (slug: string | undefined) => blogPosts.find((post) => post.slug === slug);

/** The rendered HTML of a post that {@link findBlogPost} knows. */
export const loadBlogPostHtml = (slug: string) => {
  const load = htmlLoaders[slug];
  return load ? load() : Promise.reject(new Error(`No blog post ${slug}`));
};
