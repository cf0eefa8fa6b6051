import { Suspense } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { blogPosts, findBlogPost } from '@/modules/blog/api/blogPosts';
import { blogPaths } from '@/lib/paths';
import { BlogPostBody } from '@/modules/blog/components/BlogPostBody';
import { BlogPostBodySkeleton } from '@/modules/blog/components/BlogPostBodySkeleton';
import { BlogPostByline } from '@/modules/blog/components/BlogPostByline';
import { BlogPostCard } from '@/modules/blog/components/BlogPostCard';
import { CallToAction } from '@/modules/public/components/CallToAction';
import { PublicIcon } from '@/modules/public/components/PublicIcon';

/** `/blog/{slug}`: one post; an unknown slug goes to the blog index (SPEC §2). */
export const BlogPostPage = () => {
  const { slug } = useParams();
  const post = findBlogPost(slug);
  if (!post) return <Navigate to={blogPaths.index} replace />;
  const others = blogPosts.filter((other) => other.slug !== post.slug).slice(0, 2);

  return (
    <div className="landing__inner">
      <title>{`${post.title} · Outreach`}</title>
      <article className="blog-post">
        <Link className="blog-post__back" to={blogPaths.index}>
          <PublicIcon name="arrowLeft" size={18} />
          All articles
        </Link>
        <header className="blog-post__header">
          <BlogPostByline post={post} withAuthor />
          <h1 className="blog-post__title">{post.title}</h1>
          <p className="blog-post__summary">{post.summary}</p>
        </header>
        {/* keyed by post: moving to another post shows its skeleton, not the previous text */}
        <Suspense key={post.slug} fallback={<BlogPostBodySkeleton />}>
          <BlogPostBody slug={post.slug} />
        </Suspense>
        {others.length > 0 && (
          <section className="blog-post__more" aria-labelledby="blog-more">
            <h2 id="blog-more">More from the blog</h2>
            <div className="blog-list blog-list--two">
              {others.map((other) => (
                <BlogPostCard key={other.slug} post={other} headingLevel="h3" />
              ))}
            </div>
          </section>
        )}
      </article>
      <CallToAction />
    </div>
  );
};
