import type { Plugin } from 'vite';
import { routes } from '../../shared/routes.js';

const moduleId = 'virtual:route-auth';
const resolvedId = `\0${moduleId}`;

/** Whether each route of the table (shared/routes.ts) is `public` or needs sign-in (`user`). */
export const routeAuthTable = (): Record<string, 'public' | 'user'> =>
  Object.fromEntries(Object.entries(routes).map(([key, spec]) => [key, spec.auth]));

/**
 * `import { routeAuth } from 'virtual:route-auth'`: the one column of the route table the web client needs at run time
 * (whether to wait for sign-in and send the ID token), read from shared/routes.ts when the web is built. The table
 * itself holds every route's zod schemas, which would bring zod's core into every signed-in page. Vite
 * restarts the dev server when shared/routes changes, since this file's imports are part of its config.
 */
export const routeAuth = (): Plugin => ({
  name: 'outreach-route-auth',
  resolveId: (source) => (source === moduleId ? resolvedId : undefined),
  load: (id) => (id === resolvedId ? `export const routeAuth = ${JSON.stringify(routeAuthTable())};\n` : undefined),
});
