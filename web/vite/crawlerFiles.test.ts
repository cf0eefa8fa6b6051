import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type PluginOption } from 'vite';
import { describe, expect, it } from 'vitest';
import { indexablePublicPaths, publicPaths } from '../src/lib/paths';
import { crawlerFiles, defaultSiteOrigin, siteOrigin, sitemapEntries } from './crawlerFiles';

const blogDir = fileURLToPath(new URL('../content/blog', import.meta.url));
const postSlugs = async () =>
  (await readdir(blogDir)).filter((file) => file.endsWith('.md')).map((file) => file.replace(/\.md$/, ''));

/** Builds a one-page site with the plugin alone, as `npm run build:web` runs it, and answers the files it wrote. */
const builtFiles = async (origin: string | undefined) => {
  const root = await mkdtemp(join(tmpdir(), 'crawler-files-'));
  try {
    await writeFile(join(root, 'index.html'), '<!doctype html><title>Site</title><p>Hi</p>');
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [crawlerFiles({ blogDir, origin })],
      build: { outDir: join(root, 'dist') },
    });
    const read = (file: string) => readFile(join(root, 'dist', file), 'utf8');
    return { robots: await read('robots.txt'), sitemap: await read('sitemap.xml') };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
};

describe('robots.txt and sitemap.xml of the web build', () => {
  it('are written at the root of the build: the sitemap lists every public page and blog post of the production origin', async () => {
    const { robots, sitemap } = await builtFiles('https://www.example.com');
    expect(robots).toBe('User-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n');
    expect(sitemap).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected = [...indexablePublicPaths, '/blog', ...(await postSlugs()).map((slug) => `/blog/${slug}`)].map(
      (path) => `https://www.example.com${path}`,
    );
    expect(listed.toSorted()).toEqual(expected.toSorted());
    expect(indexablePublicPaths).toContain(publicPaths.pricing);
    expect(listed).not.toContain(`https://www.example.com${publicPaths.loading}`);
  });

  it('name the local web when no origin is given', async () => {
    const { robots, sitemap } = await builtFiles(undefined);
    expect(robots).toContain(`Sitemap: ${defaultSiteOrigin}/sitemap.xml`);
    expect(sitemap).toContain(`<loc>${defaultSiteOrigin}/features</loc>`);
  });

  it('are part of the web build', async () => {
    const { default: config } = await import('../vite.config');
    const resolved = await (typeof config === 'function'
      ? config({ command: 'serve', mode: 'test', isSsrBuild: false, isPreview: false })
      : config);
    const names = (resolved.plugins as PluginOption[])
      .flat()
      .map((plugin) => (plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : null));
    expect(names).toContain('crawler-files');
  });
});

describe('the sitemap', () => {
  it("dates each blog post by its publication day and the blog by its newest post's", () => {
    const entries = sitemapEntries(blogDir);
    const posts = entries.filter((entry) => entry.path.startsWith('/blog/'));
    expect(posts.every((post) => /^\d{4}-\d\d-\d\d$/.test(post.lastmod ?? ''))).toBe(true);
    expect(entries.find((entry) => entry.path === '/blog')?.lastmod).toBe(
      posts
        .map((post) => post.lastmod!)
        .toSorted()
        .at(-1),
    );
  });

  it('takes an origin only, and refuses a path or another scheme', () => {
    expect(siteOrigin(undefined)).toBe(defaultSiteOrigin);
    expect(siteOrigin(' https://www.example.com/ ')).toBe('https://www.example.com');
    expect(() => siteOrigin('https://www.example.com/app')).toThrow(/origin only/);
    expect(() => siteOrigin('ftp://example.com')).toThrow(/origin only/);
    expect(() => siteOrigin('example.com')).toThrow(/SITE_ORIGIN=example.com/);
  });
});
