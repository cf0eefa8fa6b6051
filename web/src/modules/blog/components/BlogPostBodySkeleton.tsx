/** Stands in for a post's text while its chunk loads. */
export const BlogPostBodySkeleton = () => (
  <div className="blog-post__skeleton" role="status" aria-label="Loading the article">
    {[92, 100, 84, 96, 60].map((width, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never changes order
      <span key={index} style={{ width: `${width}%` }} />
    ))}
  </div>
);
