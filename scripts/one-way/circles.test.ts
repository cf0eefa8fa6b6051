import { describe, expect, it } from 'vitest';
import { circles, groupGraph } from './circles';

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
});
