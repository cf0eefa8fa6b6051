/** Written at build time from shared/routes.ts by the plugin of ./routeAuth.ts. */
declare module 'virtual:route-auth' {
  import type { RouteName, RouteSpec } from '@shared/routes';

  export const routeAuth: Readonly<Record<RouteName, RouteSpec['auth']>>;
}
