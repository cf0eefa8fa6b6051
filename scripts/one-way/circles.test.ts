import { describe, expect, it } from 'vitest';
import { circles, groupGraph, lambdaDomain, webModule } from './circles';
import { valueImports } from './imports';

const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('circles of an import graph', () => {
  it('finds each circle once, whatever its length, and nothing in a graph that only goes down', () => {
    expect(circles(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    expect(circles(graphOf({ a: ['b'], b: ['a'], c: ['d'], d: ['e'], e: ['c'], f: ['a'] }))).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
  });

  it("groups files (a web module's, a domain's) and ignores a group's imports of itself", () => {
    const files = graphOf({
      'contacts/Drawer': ['outreach/Summary', 'contacts/api'],
      'contacts/api': [],
      'outreach/Summary': ['contacts/api'],
    });
    const moduleOf = (file: string) => file.split('/')[0];
    expect(circles(groupGraph(files, moduleOf))).toEqual([['contacts', 'outreach']]);
    expect(circles(files)).toEqual([]);
  });

  it('groups Lambda files by their domain folder, core, data and providers included, and finds a circle through data', () => {
    expect(lambdaDomain('lambdas/contacts/service.ts')).toBe('contacts');
    expect(lambdaDomain('lambdas/providers/mail/google.ts')).toBe('providers');
    expect(lambdaDomain('lambdas/domain-bundles.test.ts')).toBeUndefined();
    expect(lambdaDomain('shared/routes.ts')).toBeUndefined();
    expect(webModule('web/src/modules/contacts/ContactsPage.tsx')).toBe('contacts');
    expect(webModule('web/src/ui/Button.tsx')).toBeUndefined();
    const files = graphOf({
      'lambdas/contacts/service.ts': ['lambdas/data/draft.ts', 'shared/routes.ts'],
      'lambdas/drafts/service.ts': ['lambdas/contacts/index.ts', 'lambdas/data/draft.ts'],
      'lambdas/contacts/index.ts': [],
      'lambdas/data/draft.ts': [],
      'shared/routes.ts': [],
    });
    // a piece both need kept in data: one way, drafts -> contacts -> data
    expect(circles(groupGraph(files, lambdaDomain))).toEqual([]);
    // the same piece read from the drafts domain instead: contacts <-> drafts
    files.set('lambdas/contacts/service.ts', ['lambdas/drafts/index.ts']);
    files.set('lambdas/drafts/index.ts', ['lambdas/data/draft.ts']);
    expect(circles(groupGraph(files, lambdaDomain))).toEqual([['contacts', 'drafts']]);
    // one data file reaching up into a domain closes a circle through data: data -> drafts -> contacts -> data
    files.set('lambdas/contacts/service.ts', ['lambdas/data/draft.ts']);
    files.set('lambdas/data/draft.ts', ['lambdas/drafts/index.ts']);
    expect(circles(groupGraph(files, lambdaDomain))).toEqual([['contacts', 'data', 'drafts']]);
  });
});

describe('the imports that make an arrow', () => {
  it('counts what runs (imports, re-exports, import()) and leaves out imports of types only', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import { type C } from './c.js';",
      "import { type D, d } from './d.js';",
      "import './e.js';",
      "export { f } from './f.js';",
      "export type { G } from './g.js';",
      "const h = () => import('./h.js');",
    ].join('\n');
    expect(valueImports('x.ts', source)).toEqual(['./a.js', './d.js', './e.js', './f.js', './h.js']);
  });
});
