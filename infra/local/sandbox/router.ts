import type { IncomingHttpHeaders } from 'node:http';

/** What a sandbox route receives: the request as data. */
export type SandboxRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** the body parsed as JSON (undefined when empty) */
  json: <T = unknown>() => T | undefined;
  /** the body parsed as a form (`application/x-www-form-urlencoded`, as OAuth token endpoints take) */
  form: () => URLSearchParams;
  /** this server's origin, for URLs the vendor hands back (redirects, hosted pages) */
  origin: string;
};

/** What a sandbox route answers: JSON unless `html`/`text`/`bytes` is given. */
export type SandboxResponse = {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  /** a page for a person (OAuth consent, checkout) */
  html?: string;
  text?: string;
  bytes?: Buffer;
  /** a redirect (302), e.g. an OAuth authorize step */
  redirect?: string;
};

export type SandboxHandler = (request: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

type Route = { method: string; pattern: RegExp; names: string[]; handle: SandboxHandler };

/**
 * The sandbox's router: each vendor file registers the subset of the vendor's HTTP API the real SDK calls, under its
 * own prefix (e.g. `/openai/v1/chat/completions`), with `:param` path segments.
 */
export class SandboxRouter {
  private readonly routes: Route[] = [];

  route(method: string, path: string, handle: SandboxHandler) {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}/?$`), names, handle });
    return this;
  }

  get(path: string, handle: SandboxHandler) {
    return this.route('GET', path, handle);
  }

  post(path: string, handle: SandboxHandler) {
    return this.route('POST', path, handle);
  }

  /** The handler and path parameters for a request, or undefined (404). */
  match(method: string, path: string) {
    for (const route of this.routes) {
      if (route.method !== method.toUpperCase()) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      const params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]),
      );
      return { handle: route.handle, params };
    }
    return undefined;
  }
}

/**
 * Where the sandbox delivers Gmail push: the endpoint of its Pub/Sub push subscription (the app's webhook), the OIDC
 * token's audience and service account, and the topic it serves (@default any topic a watch names).
 */
export type GmailPushSettings = { endpoint?: string; audience?: string; serviceAccount?: string; topic?: string };

/**
 * Where the sandbox's Zoom sends its event notifications (the app's `/api/webhooks/zoom`) and the secret token it
 * signs them with (`x-zm-signature`), as a Zoom app's event subscription has them; none: no events are sent.
 */
export type ZoomWebhookSettings = { endpoint?: string; secret?: string };

/**
 * Where the sandbox's Stripe sends its events (the app's `/api/webhooks/stripe`) and the endpoint's signing secret
 * (`whsec_...`, the `Stripe-Signature` HMAC key), as a Stripe webhook endpoint has them; none: events are only recorded.
 */
export type StripeWebhookSettings = { endpoint?: string; secret?: string };

/** What one sandbox server gives its vendors besides the router. */
export type SandboxContext = {
  /** Gmail push delivery (mail-push.ts); `POST /_sandbox/mail/push-config` changes it while the server runs */
  gmailPush: GmailPushSettings;
  /** Zoom's event notifications (zoom.ts); `POST /_sandbox/zoom/webhook-config` changes it while the server runs */
  zoomWebhook: ZoomWebhookSettings;
  /** Stripe's events (stripe.ts); `POST /_sandbox/stripe/webhook-config` changes it while the server runs */
  stripeWebhook: StripeWebhookSettings;
  /** where state that should outlive a restart may be kept (the stack's local folder); none: memory only */
  dataDir: string | undefined;
  /**
   * State of this server shared by several vendors (Google and Microsoft share their OAuth grants), made by the first
   * vendor that asks for `key`; a second server gets its own.
   */
  shared: <T>(key: string, make: () => T) => T;
};

/** One outside service's sandbox: `infra/local/sandbox/<vendor>.ts` exports one of these. */
export type SandboxVendor = {
  name: string;
  /** what `/health` says about it, e.g. the base URL to give the SDK */
  summary: string;
  register: (router: SandboxRouter, context: SandboxContext) => void;
};
