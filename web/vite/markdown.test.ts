import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildBlogIndex } from '../src/modules/blog/utils/blogIndex';
import { countWords, markdown, markdownModule, parseFrontMatter, renderMarkdown } from './markdown';

const post = `---
title: "Follow-ups: when, and how"
date: 2026-10-08
# a comment
summary: Don't give up after one e-mail.
author: The Outreach team
---

## Why

Most replies come **after** a follow-up, not after the first e-mail.

| Message | When |
| --- | --- |
| First | Day 0 |
`;

/** Runs the plugin's transform hook as Vite would for `id`. */
const transform = (source: string, id: string, options?: Parameters<typeof markdown>[0]) => {
  const hook = markdown(options).transform;
  if (!hook || typeof hook === 'function') throw new Error('expected a transform hook with a filter');
  const filter = hook.filter?.id;
  if (!(filter instanceof RegExp)) throw new Error('expected the transform hook to filter ids with a RegExp');
  if (!filter.test(id)) return null;
  return (hook.handler as (this: unknown, code: string, id: string) => { code: string } | null).call({}, source, id);
};

/** Evaluates a generated module's exports. */
const load = async (code: string) =>
  (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>;

describe('the Markdown plugin', () => {
  it('reads the front matter: quoted values, colons in values, comments', () => {
    const { attributes, body } = parseFrontMatter(post);
    expect(attributes).toEqual({
      title: 'Follow-ups: when, and how',
      date: '2026-10-08',
      summary: "Don't give up after one e-mail.",
      author: 'The Outreach team',
    });
    expect(body.startsWith('\n## Why')).toBe(true);
  });

  it('treats a file without front matter as all body, and refuses a malformed line', () => {
    expect(parseFrontMatter('# Title\n')).toEqual({ attributes: {}, body: '# Title\n' });
    expect(() => parseFrontMatter('---\ntitle Follow-ups\n---\n', 'post.md')).toThrow(
      "post.md: front matter line 2 is not 'key: value': title Follow-ups",
    );
  });

  it('renders GitHub-flavoured Markdown to HTML and counts the words a reader sees', () => {
    const { html, words } = renderMarkdown(post);
    expect(html).toContain('<h2>Why</h2>');
    expect(html).toContain('<strong>after</strong>');
    expect(html).toContain('<table>');
    // 'Why', the 11 words of the sentence and the 5 of the table; entities such as &#39; do not split words
    expect(words).toBe(1 + 11 + 5);
    expect(countWords('<p>Don&#39;t &amp; won&rsquo;t</p>')).toBe(2);
  });

  it('fails the build when a required front matter key is missing', () => {
    expect(() =>
      renderMarkdown('---\ntitle: A\n---\nText', { file: 'a.md', requiredAttributes: ['title', 'date'] }),
    ).toThrow('a.md: front matter misses date');
  });

  it('turns `*.md` into a module of attributes, words and html, and `*.md?meta` into one without html', async () => {
    const full = await load(transform(post, '/web/content/blog/follow-ups.md')!.code);
    expect(full.attributes).toMatchObject({ title: 'Follow-ups: when, and how' });
    expect(full.words).toBe(17);
    expect(full.html).toContain('<h2>Why</h2>');

    const meta = await load(transform(post, '/web/content/blog/follow-ups.md?meta')!.code);
    expect(Object.keys(meta).sort()).toEqual(['attributes', 'words']);
    expect(markdownModule({ attributes: {}, html: '<p>x</p>', words: 1 }, 'meta')).not.toContain('<p>x</p>');
  });

  it('leaves other files alone', () => {
    expect(transform('export {}', '/web/src/main.tsx')).toBeNull();
    expect(transform('# x', '/web/content/blog/a.md?raw')).toBeNull();
  });
});

describe('the blog posts', () => {
  const folder = fileURLToPath(new URL('../content/blog/', import.meta.url));

  it('all render, with complete front matter, a valid date and 500 words or more', async () => {
    const files = (await readdir(folder)).filter((file) => file.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    const modules = Object.fromEntries(
      await Promise.all(
        files.map(async (file) => {
          const document = renderMarkdown(await readFile(`${folder}${file}`, 'utf8'), {
            file,
            requiredAttributes: ['title', 'date', 'summary', 'author'],
          });
          expect(document.words, file).toBeGreaterThanOrEqual(500);
          return [file, document] as const;
        }),
      ),
    );
    const index = buildBlogIndex(modules);
    expect(index.map((entry) => entry.date)).toEqual(
      index
        .map((entry) => entry.date)
        .sort()
        .reverse(),
    );
  });
});
