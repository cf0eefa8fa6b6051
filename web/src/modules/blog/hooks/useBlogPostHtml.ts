import { use } from 'react';
import { loadBlogPostHtml } from '../api/blogPosts';

// one request per post and page load; a failed one is forgotten, so coming back to the post tries again
const requests = new Map<string, Promise<string>>();

const request = (slug: string) => {
  let html = requests.get(slug);
  if (!html) {
    html = loadBlogPostHtml(slug);
    html.catch(() => requests.delete(slug));
    requests.set(slug, html);
  }
  return html;
};

/** The HTML of a post; suspends while its chunk loads (wrap the caller in `<Suspense>`). */
export const useBlogPostHtml = (slug: string) => use(request(slug));
