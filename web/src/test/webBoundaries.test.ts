import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));

const filesUnder = (folder: string): string[] =>
  readdirSync(join(src, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(src, join(entry.parentPath, entry.name)));

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('test/');
const productFiles = filesUnder('.').filter((file) => /\.(tsx?|css)$/.test(file) && !isTest(file));
/** STYLE §11: pages compose modules; both paint through ui/ components and the theme's tokens. */
const themedFiles = productFiles.filter((file) => file.startsWith('modules/') || file.startsWith('pages/'));

const cssNamedColours =
  /:[^;{}]*(?<![-\w])(white|black|red|green|blue|gray|grey|silver|orange|yellow|purple|pink|navy|teal|maroon|olive|lime|aqua|fuchsia|indigo|violet)(?![-\w])/;

/** The lines of `file` that match `pattern`, as `file:line: text`. */
const offending = (files: readonly string[], pattern: RegExp) =>
  files.flatMap((file) =>
    readFileSync(join(src, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );

describe('the web code', () => {
  it('paints modules and pages with theme tokens: no colour literals', () => {
    expect(offending(themedFiles, /#[0-9a-fA-F]{3,8}\b(?![-\w])|\b(rgba?|hsla?)\(/)).toEqual([]);
    expect(
      offending(
        themedFiles.filter((file) => file.endsWith('.css')),
        cssNamedColours,
      ),
    ).toEqual([]);
  });

  it('lays out modules and pages with CSS and ui components: no inline style objects', () => {
    expect(offending(themedFiles, /\bstyles?=\{|\bstyle:\s*\{/)).toEqual([]);
  });

  it('keeps fixtures and test helpers out of product code', () => {
    expect(offending(productFiles, /from '(@\/test\/|(\.\.\/)+test\/)/)).toEqual([]);
  });
});
