import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen } from '../net.js';
import { readBody } from '../http-util.js';

export type CognitoShim = { url: string; stop: () => Promise<void> };

const amzJson = 'application/x-amz-json-1.1';
/** hop-by-hop and recomputed headers that must not be copied between the two connections */
const skippedHeaders = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * The Cognito endpoint the web and the gateway use locally: a small proxy in front of cognito-local (NOTES.md).
 * Amplify 6.22 refreshes tokens with `GetTokensFromRefreshToken`, which cognito-local lacks; the shim answers it
 * through `InitiateAuth REFRESH_TOKEN_AUTH`, so the web's code is the same in both modes. Everything else passes
 * through, with CORS for the web origin.
 */
export const startCognitoShim = async (options: {
  port: number;
  /** cognito-local, e.g. http://127.0.0.1:9230 */
  target: string;
  webOrigin: string;
}): Promise<CognitoShim> => {
  const cors = (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.origin !== options.webOrigin) return;
    res.setHeader('Access-Control-Allow-Origin', options.webOrigin);
    res.setHeader('Vary', 'Origin');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET,POST,OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'content-type,x-amz-target',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    const body = await readBody(req);
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method === 'POST' && target.endsWith('.GetTokensFromRefreshToken')) {
      await refreshTokens(body, res);
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !skippedHeaders.has(name)) as [string, string][],
    );
    const upstream = await fetch(`${options.target}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? { body } : {}),
    });
    const responseHeaders: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!skippedHeaders.has(name) && !name.startsWith('access-control-') && name !== 'content-encoding') {
        responseHeaders[name] = value;
      }
    });
    res.writeHead(upstream.status, responseHeaders);
    res.end(Buffer.from(await upstream.arrayBuffer()));
  };

  /** `GetTokensFromRefreshToken` {ClientId, RefreshToken} answered as Cognito does, via REFRESH_TOKEN_AUTH. */
  const refreshTokens = async (body: Buffer, res: ServerResponse) => {
    let input: { ClientId?: unknown; RefreshToken?: unknown; ClientMetadata?: unknown };
    try {
      input = JSON.parse(body.toString('utf8')) as typeof input;
    } catch {
      res.writeHead(400, { 'Content-Type': amzJson });
      res.end(JSON.stringify({ __type: 'InvalidParameterException', message: 'Request body is not JSON' }));
      return;
    }
    const upstream = await fetch(options.target, {
      method: 'POST',
      headers: { 'Content-Type': amzJson, 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: input.ClientId,
        AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
        ...(input.ClientMetadata ? { ClientMetadata: input.ClientMetadata } : {}),
      }),
    });
    const text = await upstream.text();
    if (!upstream.ok) {
      res.writeHead(upstream.status, { 'Content-Type': amzJson });
      res.end(text);
      return;
    }
    const result = (JSON.parse(text) as { AuthenticationResult?: Record<string, unknown> }).AuthenticationResult ?? {};
    res.writeHead(200, { 'Content-Type': amzJson });
    res.end(
      JSON.stringify({
        AuthenticationResult: {
          AccessToken: result.AccessToken,
          IdToken: result.IdToken,
          // without refresh-token rotation Cognito keeps the refresh token; Amplify keeps its own when none comes back
          RefreshToken: input.RefreshToken,
          TokenType: 'Bearer',
          ExpiresIn: expiresIn(result.AccessToken),
        },
      }),
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: `cognito-local is not answering: ${(error as Error).message}` }));
    });
  });
  await listen(server, options.port);
  return { url: `http://localhost:${options.port}`, stop: () => closeServer(server) };
};

/** seconds until a JWT's `exp` (Cognito's `ExpiresIn`) */
const expiresIn = (token: unknown) => {
  if (typeof token !== 'string') return 3600;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: number;
      iat?: number;
    };
    return payload.exp && payload.iat ? payload.exp - payload.iat : 3600;
  } catch {
    return 3600;
  }
};
