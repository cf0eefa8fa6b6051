import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http-util.js';
import { closeServer, listen } from '../net.js';
import {
  type GmailPushSettings,
  type SandboxContext,
  SandboxRouter,
  type SandboxResponse,
  type SandboxVendor,
  type StripeWebhookSettings,
  type ZoomWebhookSettings,
} from './router.js';
import { sandboxVendors } from './vendors.js';

export type Sandbox = { url: string; stop: () => Promise<void> };

/** A request's path and query for the log, without the tokens a query may carry (Zoom's `/oauth/revoke?token=`). */
const loggedUrl = (url: string | undefined) =>
  (url ?? '/').replace(/([?&](?:token|access_token|refresh_token|code|authtoken)=)[^&]*/gi, '$1[redacted]');

/**
 * The sandbox provider server (DESIGN §5): one local HTTP server that the real SDKs of the outside services are
 * pointed at by base URL, so the adapter code that runs in AWS runs here too. `GET /health` lists the vendors;
 * each vendor's routes come from its file (vendors.ts).
 */
export const startSandbox = async (options: {
  port: number;
  vendors?: SandboxVendor[];
  /** @default console.log */
  log?: (line: string) => void;
  /** where vendors keep state across restarts (OAuth grants, so connected mailboxes stay connected); none: memory */
  dataDir?: string;
  /** where Gmail push goes (the gateway's `/api/webhooks/gmail`) and how its OIDC token reads; none: no push */
  gmailPush?: GmailPushSettings;
  /** where Zoom's events go (the gateway's `/api/webhooks/zoom`) and their signing secret; none: no events */
  zoomWebhook?: ZoomWebhookSettings;
  /** where Stripe's events go (the gateway's `/api/webhooks/stripe`) and their signing secret; none: only recorded */
  stripeWebhook?: StripeWebhookSettings;
}): Promise<Sandbox> => {
  const vendors = options.vendors ?? sandboxVendors;
  const log = options.log ?? ((line: string) => console.log(line));
  const router = new SandboxRouter();
  router.get('/health', () => ({
    json: { ok: true, vendors: vendors.map(({ name, summary }) => ({ name, summary })) },
  }));
  const shared = new Map<string, unknown>();
  const context: SandboxContext = {
    dataDir: options.dataDir,
    gmailPush: { ...options.gmailPush },
    zoomWebhook: { ...options.zoomWebhook },
    stripeWebhook: { ...options.stripeWebhook },
    shared: <T>(key: string, make: () => T) => {
      if (!shared.has(key)) shared.set(key, make());
      return shared.get(key) as T;
    },
  };
  for (const vendor of vendors) vendor.register(router, context);

  const answer = (res: ServerResponse, response: SandboxResponse) => {
    if (response.redirect) {
      res.writeHead(response.status ?? 302, { Location: response.redirect, ...response.headers });
      res.end();
    } else if (response.html !== undefined) {
      res.writeHead(response.status ?? 200, {
        'Content-Type': 'text/html; charset=utf-8',
        // the pages have no script (a form and its buttons); no form-action: the form's answer redirects to the app
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        ...response.headers,
      });
      res.end(response.html);
    } else if (response.bytes !== undefined || response.text !== undefined) {
      res.writeHead(response.status ?? 200, {
        'Content-Type': response.text !== undefined ? 'text/plain; charset=utf-8' : 'application/octet-stream',
        ...response.headers,
      });
      res.end(response.bytes ?? response.text);
    } else {
      sendJson(res, response.status ?? 200, response.json ?? null, response.headers);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const origin = `http://${req.headers.host ?? `localhost:${options.port}`}`;
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    // Browsers reach the sandbox too (OAuth consent pages, Stripe checkout, the sandbox mailbox).
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
      });
      res.end();
      return 204;
    }
    const found = router.match(method, url.pathname);
    if (!found) {
      sendJson(res, 404, { error: { message: `The sandbox has no ${method} ${url.pathname}` } });
      return 404;
    }
    const body = await readBody(req);
    const response = await found.handle({
      method,
      path: url.pathname,
      params: found.params,
      query: url.searchParams,
      headers: req.headers,
      body,
      json: <T>() => (body.length > 0 ? (JSON.parse(body.toString('utf8')) as T) : undefined),
      form: () => new URLSearchParams(body.toString('utf8')),
      origin,
    });
    answer(res, response);
    return response.status ?? (response.redirect ? 302 : 200);
  };

  const server = createServer((req, res) => {
    handle(req, res).then(
      (status) => {
        if (req.url !== '/health') log(`sandbox ${req.method} ${loggedUrl(req.url)} ${status}`);
      },
      (error: unknown) => {
        log(`sandbox ${req.method} ${loggedUrl(req.url)} failed: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) sendJson(res, 500, { error: { message: 'sandbox error' } });
        else res.end();
      },
    );
  });
  await listen(server, options.port);
  return { url: `http://localhost:${options.port}`, stop: () => closeServer(server) };
};
