import type * as z from 'zod/mini';

/**
 * The shape of a route table (DESIGN §1 "One route table drives everything"). Each domain's routes live in
 * `shared/routes/<domain>.ts`, so a domain's Lambda imports its own table (and so only its own schemas); the whole
 * table is `routes` of `shared/routes.ts`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${HttpMethod} /${string}`;

/** A domain is one Lambda: `lambdas/<domain>/http.ts` exports `handler`. */
export const domains = [
  'health',
  'profiles',
  'documents',
  'ai',
  'account',
  'contacts',
  'drafts',
  'templates',
  'mailboxes',
  'conversations',
  'replies',
  'pipeline',
  'meetings',
  'billing',
  'dashboard',
  'notifications',
  'sequences',
] as const;
export type Domain = (typeof domains)[number];

export type RouteSpec = {
  domain: Domain;
  /** `user` routes need a verified Cognito ID token; the user id comes from its `sub` claim only. */
  auth: 'public' | 'user';
  summary: string;
  body?: z.ZodMiniType;
  /** a body longer than this many bytes is refused (413) before it is parsed @default API Gateway's 10 MB */
  maxBodyBytes?: number;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  response?: z.ZodMiniType;
};

/** Some routes by `METHOD /path`. */
export type RouteTable = Record<RouteKey, RouteSpec>;

/** The routes of one domain: each names that domain, so a route cannot sit in another domain's file. */
export type DomainRouteTable<D extends Domain> = Record<RouteKey, RouteSpec & { domain: D }>;

type Infer<T> = T extends z.ZodMiniType ? z.infer<T> : undefined;
/** What a route's schemas make of its body, query, path parameters and response (`undefined` where it has none). */
export type BodyOf<S> = Infer<S extends { body: infer B } ? B : undefined>;
export type QueryOf<S> = Infer<S extends { query: infer Q } ? Q : undefined>;
export type ParamsOf<S> = Infer<S extends { params: infer P } ? P : undefined>;
export type ResponseOf<S> = S extends { response: infer R } ? Infer<R> : unknown;
