import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** An import inside antd of a component that renders only for a feature this app does not use on its first screens. */
export type LazyAntdPart = {
  /** the importing module, from `node_modules/antd/es/` */
  importer: string;
  /** the import statement as antd writes it (a default import of a component) */
  statement: string;
  /** why the part can wait */
  reason: string;
};

/**
 * antd imports some parts of a component for features that only some uses of it have. Each of these arrives in its
 * own chunk the first time something renders it, instead of coming with every page that shows the component. Most
 * never render here; the CSV import's report over 50 rows (pagination) fetches its part when it first appears.
 *
 * Not a part: antd's confirm dialog (`modal.confirm()`, modal/ConfirmDialog.js). Drawn through a lazy part, the first
 * question asked left antd's stack of open layers (the Escape key's, @rc-component/portal) with an entry on top that
 * no dialog held, so from then on Escape closed nothing: a draft's drawer stayed open after its discard question was
 * answered 'Keep editing'. It costs nothing to keep: it comes with the confirm host's chunk, loaded on the first
 * question (AppFeedbackProvider).
 */
export const lazyAntdParts: readonly LazyAntdPart[] = [
  {
    importer: 'card/Card.js',
    statement: "import Tabs from '../tabs';",
    reason: "a Card's `tabList`: the Tabs component and its rc-tabs (about 10 KiB gzip) on every page with a card",
  },
  {
    importer: 'table/hooks/useFilter/FilterDropdown.js',
    statement: "import Tree from '../../../tree';",
    reason:
      "the tree of a column filter with `filterMode: 'tree'`: Tree and rc-tree (about 14 KiB gzip) with every table",
  },
  {
    importer: 'table/hooks/useSelection.js',
    statement: "import Radio from '../../radio';",
    reason: "the radio buttons of `rowSelection: { type: 'radio' }` (Radio is about 3 KiB gzip) with every table",
  },
  {
    importer: 'table/hooks/useFilter/FilterDropdown.js',
    statement: "import Radio from '../../../radio';",
    reason: 'the radio buttons of a column filter with `filterMultiple: false`',
  },
  {
    importer: 'table/InternalTable.js',
    statement: "import Pagination from '../pagination';",
    reason:
      "a table's pagination (about 7 KiB gzip with rc-pagination): the app's tables scroll, and only the CSV import's " +
      'report pages, once it passes 50 rows',
  },
  {
    importer: 'dropdown/dropdown.js',
    statement: "import Menu from '../menu';",
    reason:
      "a Dropdown's `menu`, drawn when it first opens: Menu and rc-menu (about 14 KiB gzip) with every dropdown (the " +
      "contacts' Add contact button) and every table (its filters and selections use Dropdown)",
  },
  {
    importer: 'table/hooks/useFilter/FilterDropdown.js',
    statement: "import Menu from '../../../menu';",
    reason: "the list of a column filter's choices, drawn when the filter first opens",
  },
  {
    importer: 'table/hooks/useFilter/FilterDropdown.js',
    statement: "import Dropdown from '../../../dropdown';",
    reason: "a column filter's dropdown: the app's tables filter in their toolbars, not in column headers",
  },
  {
    importer: 'table/hooks/useSelection.js',
    statement: "import Dropdown from '../../dropdown';",
    reason: "the dropdown of a row selection's `selections` (select all / invert), which the app's tables do not offer",
  },
  {
    importer: 'input/index.js',
    statement: "import OTP from './OTP';",
    reason: '`Input.OTP`, a one-time-code field, comes with every input',
  },
  {
    importer: 'input/index.js',
    statement: "import Search from './Search';",
    reason: '`Input.Search`, an input with a search button, comes with every input',
  },
  {
    importer: 'input/index.js',
    statement: "import Group from './Group';",
    reason: '`Input.Group` (deprecated for Space.Compact) comes with every input',
  },
  {
    importer: 'input/index.js',
    statement: "import TextArea from './TextArea';",
    reason:
      "`Input.TextArea` (with rc-input's text area and its autosize) comes with every input; the forms that write " +
      'long text import antd/es/input/TextArea themselves, so theirs is in their own chunk',
  },
  {
    importer: 'input/index.js',
    statement: "import Password from './Password';",
    reason:
      '`Input.Password` (with its eye icons) comes with every input; the sign-in, sign-up and reset forms import ' +
      'antd/es/input/Password themselves',
  },
  {
    importer: 'typography/Base/index.js',
    statement: "import Editable from '../Editable';",
    reason:
      "a Typography's `editable` text, with antd's TextArea and its autosize (the app edits in forms): with every " +
      'title and text',
  },
  {
    importer: 'typography/Base/index.js',
    statement: "import CopyBtn from './CopyBtn';",
    reason:
      "a Typography's `copyable` button, drawn when such a text first shows (the contact drawer's e-mail, a meeting's " +
      'link, the referral link), not with every title and text',
  },
];

const helperId = 'virtual:lazy-antd-part';
const helperFile = fileURLToPath(new URL('./lazyPart.ts', import.meta.url));

const normalize = (id: string) => id.split('?')[0]!.replaceAll('\\', '/');

/**
 * Build only: the dev server pre-bundles antd untouched. The build fails when antd no longer has one of these imports
 * (renamed or moved by an upgrade), so a part never comes back into every page unnoticed.
 */
export const lazyAntd = (parts: readonly LazyAntdPart[] = lazyAntdParts): Plugin => ({
  name: 'outreach-lazy-antd-parts',
  apply: 'build',
  buildStart() {
    const antdEs = join(dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');
    const gone = parts.filter((part) => !existsSync(join(antdEs, part.importer)));
    if (gone.length)
      this.error(
        `antd has no ${gone.map((part) => `es/${part.importer}`).join(', ')} any more: update web/vite/lazyAntdParts.ts`,
      );
  },
  resolveId: (source) => (source === helperId ? helperFile : undefined),
  transform(code, id) {
    const file = normalize(id);
    const own = parts.filter((part) => file.endsWith(`/node_modules/antd/es/${part.importer}`));
    if (!own.length) return undefined;
    let transformed = `import { lazyPart } from '${helperId}';\n${code}`;
    for (const part of own) {
      const [, name, source] = /^import (\w+) from '([^']+)';$/.exec(part.statement) ?? [];
      if (!name || !source)
        return this.error(`web/vite/lazyAntdParts.ts: \`${part.statement}\` is not a default import`);
      if (!transformed.includes(part.statement)) {
        return this.error(
          `antd/es/${part.importer} no longer has \`${part.statement}\`: update web/vite/lazyAntdParts.ts`,
        );
      }
      transformed = transformed.replace(part.statement, `const ${name} = lazyPart(() => import('${source}'));`);
    }
    return { code: transformed, map: null };
  },
});
