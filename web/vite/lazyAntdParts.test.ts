import { describe, expect, it } from 'vitest';
import { lazyAntd, lazyAntdParts, type LazyAntdPart } from './lazyAntdParts';

const part: LazyAntdPart = { importer: 'card/Card.js', statement: "import Tabs from '../tabs';", reason: 'tabList' };

const transform = (code: string, id: string) => {
  const plugin = lazyAntd([part]);
  const errors: string[] = [];
  const context = {
    error: (message: string) => {
      errors.push(message);
      throw new Error(message);
    },
  };
  const hook = plugin.transform as (this: typeof context, code: string, id: string) => { code: string } | undefined;
  try {
    return { result: hook.call(context, code, id), errors };
  } catch {
    return { result: undefined, errors };
  }
};

describe('lazyAntd', () => {
  it('turns the named import into a component loaded when first rendered', () => {
    const { result } = transform(
      "import * as React from 'react';\nimport Tabs from '../tabs';\nuse(Tabs);",
      '/app/node_modules/antd/es/card/Card.js',
    );
    expect(result?.code).toContain("const Tabs = lazyPart(() => import('../tabs'));");
    expect(result?.code).not.toContain("import Tabs from '../tabs';");
  });

  it('defers every part one module imports', () => {
    const tree: LazyAntdPart = { importer: 'x/Filter.js', statement: "import Tree from '../tree';", reason: 'tree' };
    const radio: LazyAntdPart = {
      importer: 'x/Filter.js',
      statement: "import Radio from '../radio';",
      reason: 'radio',
    };
    const hook = lazyAntd([tree, radio]).transform as (code: string, id: string) => { code: string };
    const { code } = hook.call(
      {},
      "import Tree from '../tree';\nimport Radio from '../radio';",
      '/n/node_modules/antd/es/x/Filter.js',
    );
    expect(code).toContain("const Tree = lazyPart(() => import('../tree'));");
    expect(code).toContain("const Radio = lazyPart(() => import('../radio'));");
  });

  it('leaves every other module alone', () => {
    expect(transform("import Tabs from '../tabs';", '/app/node_modules/antd/es/tabs/index.js').result).toBeUndefined();
  });

  it('fails the build when antd no longer imports the part that way', () => {
    const { errors } = transform("import Tabs from '../tabs/index';", '/app/node_modules/antd/es/card/Card.js');
    expect(errors[0]).toMatch(/antd\/es\/card\/Card\.js no longer has/);
  });

  it('only defers default imports of components', () => {
    for (const { statement } of lazyAntdParts) expect(statement).toMatch(/^import [A-Z]\w* from '[^']+';$/);
  });
});
