import { Marked } from 'marked';
import type { Plugin } from 'vite';

/** The `key: value` pairs of a document's front matter. */
export type MarkdownAttributes = Record<string, string>;

/** What `import ... from './file.md'` gives. */
export type MarkdownDocument = {
  attributes: MarkdownAttributes;
  /** the body rendered to HTML at build time */
  html: string;
  /** words of the rendered text, for a reading time */
  words: number;
};

/** What `import ... from './file.md?meta'` gives: no HTML, so a list of documents stays small. */
export type MarkdownMeta = Omit<MarkdownDocument, 'html'>;

export type MarkdownOptions = {
  /** front matter keys every document must have; a document without one fails the build */
  requiredAttributes?: readonly string[];
};

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;
const attributeLinePattern = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/;

const unquote = (value: string) => {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? quoted[2]!.replace(/\\(["'\\])/g, '$1') : value;
};

/**
 * Splits a document into its front matter (a `---` fenced block of `key: value` lines at the very top; values may
 * be quoted, `#` lines are comments) and its Markdown body. A small subset of YAML on purpose: front matter here is
 * a handful of strings, and a full YAML parser would be one more dependency.
 */
export const parseFrontMatter = (
  source: string,
  file = 'document',
): { attributes: MarkdownAttributes; body: string } => {
  const text = source.replace(/^\uFEFF/, '');
  const block = frontMatterPattern.exec(text);
  if (!block) return { attributes: {}, body: text };
  const attributes: MarkdownAttributes = {};
  for (const [index, line] of block[1]!.split(/\r?\n/).entries()) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const pair = attributeLinePattern.exec(line);
    if (!pair) throw new Error(`${file}: front matter line ${index + 2} is not 'key: value': ${line}`);
    attributes[pair[1]!] = unquote(pair[2]!.trim());
  }
  return { attributes, body: text.slice(block[0].length) };
};

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The words a reader sees in a piece of HTML: tags dropped, entities decoded. */
export const countWords = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(x?)([\da-f]+);/gi, (_, hex: string, code: string) =>
      String.fromCodePoint(parseInt(code, hex ? 16 : 10)),
    )
    .replace(/&(\w+);/g, (entity, name: string) => namedEntities[name.toLowerCase()] ?? entity)
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;

// GitHub-flavoured Markdown (tables, autolinks); one instance, so options never leak into the global `marked`
const marked = new Marked({ gfm: true });

/** A Markdown document (front matter + body) as attributes, HTML and a word count. */
export const renderMarkdown = (
  source: string,
  { file = 'document', requiredAttributes = [] }: MarkdownOptions & { file?: string } = {},
) => {
  const { attributes, body } = parseFrontMatter(source, file);
  const missing = requiredAttributes.filter((key) => !attributes[key]);
  if (missing.length) throw new Error(`${file}: front matter misses ${missing.join(', ')}`);
  const html = marked.parse(body, { async: false });
  return { attributes, html, words: countWords(html) } satisfies MarkdownDocument;
};

/** The ES module a document becomes; `meta` leaves the HTML out. */
export const markdownModule = ({ attributes, html, words }: MarkdownDocument, variant: 'full' | 'meta' = 'full') =>
  [
    `export const attributes = ${JSON.stringify(attributes)};`,
    `export const words = ${words};`,
    ...(variant === 'full' ? [`export const html = ${JSON.stringify(html)};`] : []),
  ].join('\n');

const markdownId = /\.md(\?meta)?$/;

/**
 * Renders `*.md` imports at build time, so no Markdown parser reaches the browser: `import { attributes, html, words }
 * from './post.md'`, or `./post.md?meta` for the front matter and word count alone (an index page, or an eager
 * `import.meta.glob` with `query: '?meta'`).
 */
export const markdown = (options: MarkdownOptions = {}): Plugin => ({
  name: 'outreach:markdown',
  enforce: 'pre',
  transform: {
    filter: { id: markdownId },
    handler(source, id) {
      const match = markdownId.exec(id);
      if (!match) return null;
      const file = id.slice(0, match.index + '.md'.length);
      const document = renderMarkdown(source, { ...options, file });
      return { code: markdownModule(document, match[1] ? 'meta' : 'full'), map: null };
    },
  },
});
