/** Circles in an import graph: a file's, or a group's (a Lambda domain, a web module) when files are grouped. */

/** Tarjan's strongly connected components of more than one node: the circles. */
export const circles = (graph: Map<string, string[]>) => {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
};

/** The graph of groups (a file's group by `groupOf`), without a group's arrows to itself. */
export const groupGraph = (graph: Map<string, string[]>, groupOf: (file: string) => string | undefined) => {
  const groups = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = groupOf(file);
    if (!from) continue;
    const arrows = groups.get(from) ?? new Set<string>();
    for (const target of targets) {
      const to = groupOf(target);
      if (to && to !== from) arrows.add(to);
    }
    groups.set(from, arrows);
  }
  return new Map([...groups].map(([group, arrows]) => [group, [...arrows]]));
};

/**
 * The Lambda domain of a product file: the folder under lambdas/ (core, data and providers are groups too, so an
 * arrow between them and a domain counts); none for a file at lambdas/'s top or outside it.
 */
export const lambdaDomain = (file: string) => /^lambdas\/([^/]+)\//.exec(file)?.[1];

/** The web module of a file under web/src/modules/; none elsewhere in the web (ui/, lib/, pages/ are not modules). */
export const webModule = (file: string) => /^web\/src\/modules\/([^/]+)\//.exec(file)?.[1];
