import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBlogPostHtml } from '../hooks/useBlogPostHtml';
import './blog.css';

export type BlogPostBodyProps = { slug: string };

/** The post's text, rendered from Markdown at build time (web/vite/markdown.ts); our own content, so set as HTML. */
export const BlogPostBody = ({ slug }: BlogPostBodyProps) => {
  const html = useBlogPostHtml(slug);
  const navigate = useNavigate();

  // links between our own pages stay in the app instead of reloading it
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || link?.target) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click delegated from the links, which are interactive
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a focused link clicks it, so the keyboard is covered
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered at build time
    <div className="landing-prose blog-post__body" onClick={handleClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
};
