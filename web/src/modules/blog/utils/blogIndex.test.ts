import { describe, expect, it } from 'vitest';
import { buildBlogIndex, slugFromPath, toBlogPostSummary } from './blogIndex';

const meta = (attributes: Record<string, string>, words = 1_100) => ({ attributes, words });
const post = { title: 'Follow-ups', date: '2026-10-02', summary: 'When to write again.', author: 'The Outreach team' };

describe('the blog index', () => {
  it('takes the slug from the file name', () => {
    expect(slugFromPath('../../../../content/blog/follow-up-timing.md')).toBe('follow-up-timing');
    expect(slugFromPath('/content/blog/follow-up-timing.md?meta')).toBe('follow-up-timing');
  });

  it('turns front matter and a word count into a summary with a reading time', () => {
    expect(toBlogPostSummary('/blog/follow-up-timing.md', meta(post))).toEqual({
      slug: 'follow-up-timing',
      ...post,
      readingMinutes: 5,
    });
  });

  it('refuses a post without a field or with a date that is not a day', () => {
    expect(() => toBlogPostSummary('/blog/a.md', meta({ ...post, author: ' ' }))).toThrow(
      'Blog post a: front matter misses author',
    );
    expect(() => toBlogPostSummary('/blog/a.md', meta({ ...post, date: '2 October 2026' }))).toThrow(
      'Blog post a: date must be YYYY-MM-DD, not 2 October 2026',
    );
    expect(() => toBlogPostSummary('/blog/a.md', meta({ ...post, date: '2026-13-40' }))).toThrow(
      'date must be YYYY-MM-DD',
    );
  });

  it('lists posts newest first, and posts of one day by title', () => {
    const index = buildBlogIndex({
      '/blog/older.md': meta({ ...post, title: 'Older', date: '2026-09-01' }),
      '/blog/newest-b.md': meta({ ...post, title: 'B', date: '2026-11-01' }),
      '/blog/newest-a.md': meta({ ...post, title: 'A', date: '2026-11-01' }),
    });
    expect(index.map(({ slug }) => slug)).toEqual(['newest-a', 'newest-b', 'older']);
  });
});
