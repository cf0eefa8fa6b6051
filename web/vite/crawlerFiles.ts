import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { blogPaths, blogPostPath, indexablePublicPaths } from '../src/lib/paths';
import { buildBlogIndex } from '../src/modules/blog/utils/blogIndex';
import { renderMarkdown } from './markdown.js';

/**
 * Where the public site is served, for the absolute URLs of `sitemap.xml` and of robots.txt's `Sitemap:` line (the
 * sitemap protocol wants them absolute). @default {@link defaultSiteOrigin}, the local web of `npm start`; a deploy
 * sets it: `SITE_ORIGIN=https://www.example.com npm run build:web`.
 */
export const siteOriginVariable = 'SITE_ORIGIN';
export const defaultSiteOrigin = 'http://localhost:5173';

/** One page of the sitemap: its path and, for a blog post, its publication day. */
export type SitemapEntry = { path: string; lastmod?: string };

/** `SITE_ORIGIN` as an origin (scheme, host, port; no path), or the default; anything else fails the build. */
export const siteOrigin = (value: string | undefined) => {
  if (!value?.trim()) return defaultSiteOrigin;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${siteOriginVariable}=${value}: give the site's origin, e.g. https://www.example.com`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`${siteOriginVariable}=${value}: give the site's origin only, e.g. https://www.example.com`);
  }
  return url.origin;
};

/**
 * The pages a search engine should list, from the lists the app routes by (web/src/app/router.tsx): the public pages
 * and the blog with every post of `web/content/blog`, read through the blog's own index (so a post the blog refuses
 * fails here too), newest first.
 */
export const sitemapEntries = (blogDir: string): SitemapEntry[] => {
  const posts = buildBlogIndex(
    Object.fromEntries(
      readdirSync(blogDir)
        .filter((file) => file.endsWith('.md'))
        .map((file) => {
          const { attributes, words } = renderMarkdown(readFileSync(join(blogDir, file), 'utf8'), { file });
          return [file, { attributes, words }];
        }),
    ),
  );
  return [
    ...indexablePublicPaths.map((path) => ({ path })),
    { path: blogPaths.index, ...(posts[0] ? { lastmod: posts[0].date } : {}) },
    ...posts.map((post) => ({ path: blogPostPath(post.slug), lastmod: post.date })),
  ];
};

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/** The sitemap protocol's `urlset` (https://www.sitemaps.org/protocol.html). */
export const sitemapXml = (origin: string, entries: readonly SitemapEntry[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (entry) =>
        `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');

/** Every crawler may read the site; the sitemap says which pages there are (RFC 9309, `Sitemap:` extension). */
export const robotsTxt = (origin: string) =>
  ['User-agent: *', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');

/**
 * `robots.txt` and `sitemap.xml` at the root of the build (files CloudFront serves as they are, infra/constructs/web.ts),
 * and from the dev server for the page's own origin.
 */
export const crawlerFiles = ({ blogDir, origin }: { blogDir: string; origin: string | undefined }): Plugin => ({
  name: 'crawler-files',
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      const path = request.url?.split('?')[0];
      if (path !== '/robots.txt' && path !== '/sitemap.xml') return next();
      const here = siteOrigin(origin ?? `http://${request.headers.host ?? new URL(defaultSiteOrigin).host}`);
      response.setHeader('Content-Type', path === '/robots.txt' ? 'text/plain; charset=utf-8' : 'application/xml');
      response.end(path === '/robots.txt' ? robotsTxt(here) : sitemapXml(here, sitemapEntries(blogDir)));
    });
  },
  generateBundle() {
    const site = siteOrigin(origin);
    this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(site) });
    this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(site, sitemapEntries(blogDir)) });
  },
});
