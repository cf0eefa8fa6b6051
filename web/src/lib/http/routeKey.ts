import type { RouteName } from '@shared/routes';

/**
 * The SWR key of a route's answer: the route's own name from the shared route table (DESIGN §8). A module that must
 * refresh what another module shows (a booking moves a pipeline card; a new contact changes the dashboard's counts)
 * names that route, not the other module, so the two do not import each other.
 */
export const routeKey = <K extends RouteName>(route: K): K => route;
