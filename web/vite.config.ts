import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { crawlerFiles, siteOriginVariable } from './vite/crawlerFiles.js';
import { dashboardJourney, firstScreenModules } from './vite/firstScreenChunk.js';
import { lazyAntd } from './vite/lazyAntdParts.js';
import { markdown } from './vite/markdown.js';
import { routeAuth } from './vite/routeAuth.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web app. `root` is this folder so the config works from any working directory: `vite build --config
 * web/vite.config.ts` (npm run build:web) and the local stack's `createServer({ configFile })`. `/config.json` is not
 * served here: the local stack injects it and the deploy writes it to the bucket.
 */
const appConfig = (): UserConfig => ({
  root,
  plugins: [
    react(),
    // blog posts (web/content/blog/*.md) are rendered to HTML here, so the browser gets no Markdown parser
    markdown({ requiredAttributes: ['title', 'date', 'summary', 'author'] }),
    // the API client's view of the route table (which routes need sign-in), without the table's zod schemas
    routeAuth(),
    // parts of antd components for features the app's pages do not use arrive when first rendered
    lazyAntd(),
    // robots.txt and sitemap.xml of the public pages and the blog posts, for the origin SITE_ORIGIN names
    crawlerFiles({ blogDir: resolve(root, 'content/blog'), origin: process.env[siteOriginVariable] }),
  ],
  // One dependency cache per web port: the e2e stack runs beside `npm start`, and two dev servers re-optimizing one
  // cache folder break each other's pages. Kept between runs, so a restart is not a cold start.
  // `@/` is web/src, `@shared/` the repo's shared code (route table, schemas, messages); tsconfig.json says the same
  resolve: {
    alias: { '@/': `${resolve(root, 'src')}/`, '@shared/': `${resolve(root, '../shared')}/` },
  },
  cacheDir: resolve(root, '../node_modules/.vite', `web-${process.env.LOCAL_WEB_PORT ?? '5173'}`),
  optimizeDeps: {
    // Everything the lazy routes import, bundled before the first page is served: a dependency found later makes the
    // dev server reload the page, which would cut a test (or a sign-up) short.
    include: [
      'react',
      'react-dom/client',
      'react-router-dom',
      'recharts',
      'antd',
      // the meetings' date picker reads typed dates through antd's picker config (MeetingTimeFields.tsx)
      '@rc-component/picker/generate/dayjs',
      '@ant-design/icons',
      // antd's and dayjs's texts of the interface's languages, imported when one is chosen (web/src/i18n/language.ts)
      'antd/locale/de_DE',
      'antd/locale/es_ES',
      'antd/locale/fr_FR',
      'dayjs',
      'dayjs/locale/de',
      'dayjs/locale/es',
      'dayjs/locale/fr',
      'i18next',
      'react-i18next',
      'aws-amplify',
      'aws-amplify/auth',
      'aws-amplify/auth/enable-oauth-listener',
      'aws-amplify/utils',
      'swr',
      'valtio',
      'zod',
    ],
  },
  server: {
    // transform the entry, the pages and the modules' components (many load lazily, so no static import reaches
    // them) before the first request, so a first visit is not a cold start
    warmup: {
      clientFiles: [
        './src/main.tsx',
        './src/app/*.tsx',
        './src/pages/**/*.tsx',
        './src/modules/**/*.tsx',
        '!./src/**/*.test.tsx',
      ],
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // every browser the app supports has `<link rel=modulepreload>`: the polyfill would be on every first visit
    modulePreload: { polyfill: false },
    // the signed-in first screen is one chunk by design (about 600 kB raw, 200 kB gzip; see below)
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // A first visit loads dozens of chunks, and the name of each chunk (and stylesheet) is written where it is
        // imported and in the preload lists of the router's lazy routes, which sit in the entry: names of a hash alone
        // keep that glue small. The build's manifest (`build.manifest`) maps sources to files.
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
      },
      treeshake: {
        moduleSideEffects: [
          // These packages declare no `sideEffects`, so importing one helper from their index brought everything the
          // index imports: every antd input imports @rc-component/form (for a context), and with it the whole form
          // engine and its validator; a table's row selection imports tree helpers, and with them the Tree component.
          // Their only import-time effects attach statics to their own exports, which stay wherever those are used.
          { test: /[\\/]node_modules[\\/]@rc-component[\\/](form|tree)[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});

export default defineConfig(async ({ command }) => {
  const config = appConfig();
  if (command !== 'build') return config;
  // What a first visit of /dashboard loads beyond the entry comes in one chunk. Left to itself the bundler
  // splits it by which lazy routes share each module, into about a hundred small files, each compressed on its own
  // (no shared dictionary) and each named in the glue of its importers: about a tenth of the journey's gzip size. The
  // other signed-in pages load it too (the providers and the shell are theirs as well), with the table it holds.
  const members = await firstScreenModules(
    appConfig(),
    dashboardJourney.map((path) => resolve(root, path)),
  );
  const output = config.build!.rolldownOptions!.output as Record<string, unknown>;
  output.codeSplitting = {
    groups: [{ name: 'signed-in', test: (id: string) => members.has(id), includeDependenciesRecursively: false }],
  };
  return config;
});
