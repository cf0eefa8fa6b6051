import * as z from 'zod';
import {
  profileSchema,
  settingsSchema,
  syncUserBody,
  updateProfileBody,
  updateSettingsBody,
} from './schemas/profile.js';

/**
 * Every HTTP route of the product, once (DESIGN §1 "One route table drives everything"). The CDK stack builds API
 * Gateway resources and one Lambda per domain from it, the local gateway serves it, the web client types its calls
 * from it and the contract tests enumerate it. Paths keep the spec's spelling (SPEC §7).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${HttpMethod} /${string}`;

/** A domain is one Lambda: `lambdas/<domain>/http.ts` exports `handler`. */
export const domains = ['health', 'profiles'] as const;
export type Domain = (typeof domains)[number];

export type RouteSpec = {
  domain: Domain;
  /** `user` routes need a verified Cognito ID token; the user id comes from its `sub` claim only. */
  auth: 'public' | 'user';
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
};

const healthResponse = z.object({ status: z.literal('ok'), time: z.string(), version: z.string() });

export const routes = {
  'GET /api/health': {
    domain: 'health',
    auth: 'public',
    summary: 'Liveness of the API and its table',
    response: healthResponse,
  },

  // SPEC §3 user profile, §7 'Profile'
  'POST /api/users/sync-user': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Create the profile on first sign-in (new-user defaults), later refresh e-mail, name and time zone',
    body: syncUserBody,
    response: profileSchema,
  },
  'GET /api/profiles': {
    domain: 'profiles',
    auth: 'user',
    summary: "The signed-in user's profile",
    response: profileSchema,
  },
  'PUT /api/profiles': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Partial update of the profile fields',
    body: updateProfileBody,
    response: profileSchema,
  },
  'POST /api/profiles': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Partial update of the profile fields (same as PUT)',
    body: updateProfileBody,
    response: profileSchema,
  },
  'GET /api/user/profile': {
    domain: 'profiles',
    auth: 'user',
    summary: "The signed-in user's profile (the spec's second path)",
    response: profileSchema,
  },
  'GET /api/profiles/settings': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Profile and app settings with their defaults',
    response: settingsSchema,
  },
  'PUT /api/profiles/settings': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Update some settings: body {settings}',
    body: updateSettingsBody,
    response: settingsSchema,
  },
} as const satisfies Record<RouteKey, RouteSpec>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export const routeEntries = () =>
  (Object.entries(routes) as [RouteName, RouteSpec][]).map(([key, spec]) => {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    return { key, method, path, ...spec };
  });

/** The routes a domain's Lambda serves. */
export const routesOf = (domain: Domain) => routeEntries().filter((route) => route.domain === domain);

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type RouteBody<K extends RouteName> = Infer<Routes[K] extends { body: infer B } ? B : undefined>;
export type RouteQuery<K extends RouteName> = Infer<Routes[K] extends { query: infer Q } ? Q : undefined>;
export type RouteParams<K extends RouteName> = Infer<Routes[K] extends { params: infer P } ? P : undefined>;
export type RouteResponse<K extends RouteName> = Routes[K] extends { response: infer R }
  ? Infer<R>
  : unknown;
