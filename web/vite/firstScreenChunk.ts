import type { OutputChunk, RolldownOutput } from 'rolldown';
import type { InlineConfig, UserConfig } from 'vite';

/**
 * The lazy modules on the way to /dashboard (web/src/app/router.tsx), relative to web/: the layouts and the page. The
 * web build puts what they load beyond the entry in one chunk; `npm run bench:web` counts that journey from them.
 */
export const dashboardJourney = [
  'src/app/AppProviders.tsx',
  'src/modules/auth/components/RequireAuth.tsx',
  'src/modules/shell/components/AppShell.tsx',
  'src/pages/app/DashboardPage.tsx',
] as const;

/**
 * The modules a first visit of a signed-in screen loads beyond the entry, as the bundler's own split of `config`
 * places them: the chunks of the lazy modules `roots` (the router's layouts and page on the way) and their static
 * imports, transitively, less the entry's. The roots themselves stay out, as the router imports each by its own chunk.
 */
export const firstScreenModules = async (config: UserConfig, roots: readonly string[]): Promise<Set<string>> => {
  const { build } = await import('vite');
  const inline: InlineConfig = {
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false, manifest: false, sourcemap: false },
  };
  const built = (await build(inline)) as RolldownOutput | RolldownOutput[];
  const chunks = (Array.isArray(built) ? built : [built])
    .flatMap((output) => output.output)
    .filter((file): file is OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: readonly OutputChunk[]) => {
    const seen = new Set<OutputChunk>();
    const visit = (chunk: OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk)) return;
      seen.add(chunk);
      for (const file of chunk.imports) visit(byFile.get(file));
    };
    start.forEach(visit);
    return new Set([...seen].flatMap((chunk) => chunk.moduleIds));
  };
  const inEntry = closure(chunks.filter((chunk) => chunk.isEntry));
  const rootChunks = chunks.filter((chunk) => chunk.facadeModuleId && roots.includes(chunk.facadeModuleId));
  if (rootChunks.length !== roots.length) {
    const missing = roots.filter((root) => !rootChunks.some((chunk) => chunk.facadeModuleId === root));
    throw new Error(`${missing.join(', ')}: no chunk of its own (is the router still importing it lazily?)`);
  }
  return new Set([...closure(rootChunks)].filter((id) => !inEntry.has(id) && !roots.includes(id)));
};
