import { readingMinutes } from './readingMinutes';

/** What the Markdown plugin gives for `post.md?meta` (web/vite/markdown.ts): front matter and a word count. */
export type BlogPostMeta = { attributes: Record<string, string>; words: number };

/** One post as the blog lists it. */
export type BlogPostSummary = {
  slug: string;
  title: string;
  /** publication day, `YYYY-MM-DD` */
  date: string;
  summary: string;
  author: string;
  readingMinutes: number;
};

/** `../content/blog/cold-emails.md` -> `cold-emails` */
export const slugFromPath = (path: string) => (path.split('/').pop() ?? path).replace(/\.md(\?.*)?$/, '');

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A post's summary from its front matter; a post with a missing field or a bad date is a mistake to stop on. */
export const toBlogPostSummary = (path: string, { attributes, words }: BlogPostMeta): BlogPostSummary => {
  const slug = slugFromPath(path);
  const field = (key: string) => {
    const value = attributes[key]?.trim();
    if (!value) throw new Error(`Blog post ${slug}: front matter misses ${key}`);
    return value;
  };
  const date = field('date');
  if (!isoDay.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new Error(`Blog post ${slug}: date must be YYYY-MM-DD, not ${date}`);
  }
  return {
    slug,
    title: field('title'),
    date,
    summary: field('summary'),
    author: field('author'),
    readingMinutes: readingMinutes(words),
  };
};

/** Every post, newest first (same day: by title), from an `import.meta.glob` of the posts' `?meta` modules. */
export const buildBlogIndex = (modules: Record<string, BlogPostMeta>): BlogPostSummary[] =>
  Object.entries(modules)
    .map(([path, meta]) => toBlogPostSummary(path, meta))
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
