/** Stands in for a post's text while its chunk loads: five lines of uneven length (blog.css). */
export const BlogPostBodySkeleton = () => (
  <div className="blog-post__skeleton" role="status" aria-label="Loading the article">
    <span />
    <span />
    <span />
    <span />
    <span />
  </div>
);
