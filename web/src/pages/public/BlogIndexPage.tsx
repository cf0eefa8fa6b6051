import { blogPosts } from '@/modules/blog/api/blogPosts';
import { BlogPostCard } from '@/modules/blog/components/BlogPostCard';
import { CallToAction } from '@/modules/public/components/CallToAction';
import { PageHeader } from '@/modules/public/components/PageHeader';

/** `/blog`: every post, newest first (posts are Markdown files in web/content/blog). */
export const BlogIndexPage = () => (
  <div className="landing__inner">
    <title>Blog · Outreach</title>
    <PageHeader
      eyebrow="Blog"
      title="Notes on networking by e-mail"
      lead="Practical writing on reaching people you do not know yet: first e-mails, finding the right address, following up and turning replies into conversations."
    />
    <section className="blog-list" aria-label="Articles">
      {blogPosts.map((post, index) => (
        <BlogPostCard key={post.slug} post={post} featured={index === 0} />
      ))}
    </section>
    <CallToAction
      title="Put it into practice"
      text="Outreach finds and verifies addresses, drafts the first e-mail and follows up for you."
    />
  </div>
);
