import type { BlogPostSummary } from '../utils/blogIndex';
import { formatDay } from '@/lib/formatDate';
import { readingTimeLabel } from '../utils/readingMinutes';
import './blog.css';

export type BlogPostBylineProps = { post: BlogPostSummary; withAuthor?: boolean };

/** '12 November 2026 · 6 min read', optionally with the author. */
export const BlogPostByline = ({ post, withAuthor = false }: BlogPostBylineProps) => (
  <p className="blog__byline">
    <time dateTime={post.date}>{formatDay(post.date, 'en')}</time>
    <span aria-hidden="true">·</span>
    <span>{readingTimeLabel(post.readingMinutes)}</span>
    {withAuthor && (
      <>
        <span aria-hidden="true">·</span>
        <span>{post.author}</span>
      </>
    )}
  </p>
);
