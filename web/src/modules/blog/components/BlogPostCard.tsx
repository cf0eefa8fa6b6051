import { Link } from 'react-router-dom';
import { blogPostPath } from '@/lib/paths';
import type { BlogPostSummary } from '../utils/blogIndex';
import { BlogPostByline } from './BlogPostByline';
import './blog.css';

export type BlogPostCardProps = {
  post: BlogPostSummary;
  /** the newest post, shown larger at the top of the index */
  featured?: boolean;
  /** @default 'h2' */
  headingLevel?: 'h2' | 'h3';
};

/** A post in a list: date, reading time, title, summary; the whole card links to the post. */
export const BlogPostCard = ({ post, featured = false, headingLevel: Heading = 'h2' }: BlogPostCardProps) => (
  <article className={featured ? 'blog-card blog-card--featured' : 'blog-card'}>
    <BlogPostByline post={post} />
    <Heading className="blog-card__title">
      <Link to={blogPostPath(post.slug)} className="blog-card__link">
        {post.title}
      </Link>
    </Heading>
    <p className="blog-card__summary">{post.summary}</p>
    <p className="blog-card__more" aria-hidden="true">
      Read article →
    </p>
  </article>
);
