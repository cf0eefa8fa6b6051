import { accountRoutes } from './routes/account.js';
import { aiRoutes } from './routes/ai.js';
import { billingRoutes } from './routes/billing.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { contactsRoutes } from './routes/contacts.js';
import { conversationsRoutes } from './routes/conversations.js';
import { documentsRoutes } from './routes/documents.js';
import { draftsRoutes } from './routes/drafts.js';
import { healthRoutes } from './routes/health.js';
import { mailboxesRoutes } from './routes/mailboxes.js';
import { meetingsRoutes } from './routes/meetings.js';
import { notificationsRoutes } from './routes/notifications.js';
import { pipelineRoutes } from './routes/pipeline.js';
import { profilesRoutes } from './routes/profiles.js';
import { repliesRoutes } from './routes/replies.js';
import { sequencesRoutes } from './routes/sequences.js';
import { templatesRoutes } from './routes/templates.js';
import type {
  BodyOf,
  Domain,
  HttpMethod,
  ParamsOf,
  QueryOf,
  ResponseOf,
  RouteSpec,
  RouteTable,
} from './routes/route-spec.js';

export { domains } from './routes/route-spec.js';
export type { Domain, DomainRouteTable, HttpMethod, RouteKey, RouteSpec, RouteTable } from './routes/route-spec.js';

/**
 * Every HTTP route of the product, once (DESIGN §1 "One route table drives everything"), as one table per domain:
 * `shared/routes/<domain>.ts`. A domain's Lambda imports its own table only, so it bundles only its own schemas; the
 * CDK stack, the local gateway, the web client and the contract tests read the whole table from here. Paths keep the
 * spec's spelling (SPEC §7).
 */
export const routeTables = {
  health: healthRoutes,
  profiles: profilesRoutes,
  documents: documentsRoutes,
  ai: aiRoutes,
  account: accountRoutes,
  contacts: contactsRoutes,
  drafts: draftsRoutes,
  templates: templatesRoutes,
  mailboxes: mailboxesRoutes,
  conversations: conversationsRoutes,
  replies: repliesRoutes,
  pipeline: pipelineRoutes,
  meetings: meetingsRoutes,
  billing: billingRoutes,
  dashboard: dashboardRoutes,
  notifications: notificationsRoutes,
  sequences: sequencesRoutes,
} as const satisfies Record<Domain, RouteTable>;

/** The whole table; a key in two domains' tables would keep only the last (shared/routes.test.ts guards that). */
export const routes = {
  ...healthRoutes,
  ...profilesRoutes,
  ...documentsRoutes,
  ...aiRoutes,
  ...accountRoutes,
  ...contactsRoutes,
  ...draftsRoutes,
  ...templatesRoutes,
  ...mailboxesRoutes,
  ...conversationsRoutes,
  ...repliesRoutes,
  ...pipelineRoutes,
  ...meetingsRoutes,
  ...billingRoutes,
  ...dashboardRoutes,
  ...notificationsRoutes,
  ...sequencesRoutes,
} as const satisfies RouteTable;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export const routeEntries = () =>
  (Object.entries(routes) as [RouteName, RouteSpec][]).map(([key, spec]) => {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    return { key, method, path, ...spec };
  });

/** The routes a domain's Lambda serves. */
export const routesOf = (domain: Domain) => routeEntries().filter((route) => route.domain === domain);

export type RouteBody<K extends RouteName> = BodyOf<Routes[K]>;
export type RouteQuery<K extends RouteName> = QueryOf<Routes[K]>;
export type RouteParams<K extends RouteName> = ParamsOf<Routes[K]>;
export type RouteResponse<K extends RouteName> = ResponseOf<Routes[K]>;
