import { createHash, randomUUID } from 'node:crypto';
import type { OAuthGrants } from './oauth-grants.js';
import {
  authorize,
  bearerGrant,
  consent,
  type OAuthDialect,
  oauthGrantsOf,
  registerOAuthControl,
  token,
} from './oauth-server.js';
import type { SandboxRequest, SandboxResponse, SandboxVendor } from './router.js';

/** An AADSTS number for each refusal, as Microsoft puts in `error_codes` and at the start of its description. */
const aadsts: Record<string, number> = {
  invalid_grant: 70000,
  invalid_client: 7000215,
  invalid_request: 900144,
  invalid_scope: 70011,
  unsupported_grant_type: 70003,
};

/**
 * The Microsoft identity platform (v2) as the sandbox speaks it: refusals with AADSTS codes, a refresh token only
 * with the `offline_access` scope and a new one on each refresh, `ext_expires_in`.
 * @link https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow
 */
const microsoft: OAuthDialect = {
  vendor: 'microsoft',
  name: 'Microsoft',
  defaultEmail: 'you@outlook.com',
  scopeTexts: {
    offline_access: 'Maintain access to data you have given it access to',
    'User.Read': 'Sign you in and read your profile',
    'Mail.Send': 'Send mail as you',
    'Mail.Read': 'Read your mail',
    'Mail.ReadBasic': 'Read basic mail (without bodies)',
    'Mail.ReadWrite': 'Read and write access to your mail',
  },
  offline: (_query, scopes) => scopes.includes('offline_access'),
  tokenError: (status, error, description) => {
    const code = aadsts[error] ?? 50000;
    return {
      status,
      json: {
        error,
        error_description: `AADSTS${code}: ${description}. Trace ID: ${randomUUID()}`,
        error_codes: [code],
        timestamp: `${new Date().toISOString().replace('T', ' ').slice(0, 19)}Z`,
        trace_id: randomUUID(),
        correlation_id: randomUUID(),
      },
    };
  },
  redirectMismatch: 'invalid_grant',
  denied: 'AADSTS65004: User declined to consent to access the app.',
  // the granted scopes as Microsoft reports them: the resource's, without offline_access
  grantedScope: (scopes) => scopes.filter((scope) => scope !== 'offline_access').join(' '),
  rotatesRefreshTokens: true,
  refreshNeedsScope: true,
  tokenExtras: (expiresIn) => ({ ext_expires_in: expiresIn }),
};

/** Consumer accounts (outlook.com, hotmail.com, live.com) have no `mail` on `/me`: their address is the UPN. */
const consumerDomains = /@(outlook|hotmail|live|msn)\.[a-z.]+$/i;

/** Graph's `/me` wants one of these. */
const meScopes = ['User.Read', 'User.ReadWrite', 'User.ReadBasic.All', 'User.Read.All', 'Directory.Read.All'];

const graphError = (status: 401 | 403, code: string, message: string): SandboxResponse => ({
  status,
  json: { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': randomUUID() } } },
});

/**
 * `GET /v1.0/me`: the signed-in user, `$select` honoured.
 * @link https://learn.microsoft.com/en-us/graph/api/user-get
 */
const me =
  (grants: OAuthGrants) =>
  (request: SandboxRequest): SandboxResponse => {
    const grant = bearerGrant(grants, 'microsoft', request);
    if (!grant) return graphError(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
    if (!grant.scopes.some((scope) => meScopes.includes(scope))) {
      return graphError(403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.');
    }
    const local = grant.email.split('@')[0]!;
    const user: Record<string, unknown> = {
      id: createHash('sha256').update(grant.email).digest('hex').slice(0, 16),
      displayName: local.replace(/[._-]+/g, ' ').replace(/\b\w/g, (char) => char.toUpperCase()),
      mail: consumerDomains.test(grant.email) ? null : grant.email,
      userPrincipalName: grant.email,
    };
    const select = request.query.get('$select')?.split(',').filter(Boolean);
    const fields = select ? Object.fromEntries(select.map((name) => [name, user[name] ?? null])) : user;
    return {
      json: {
        '@odata.context': `${request.origin}/microsoft/graph/v1.0/$metadata#users/$entity`,
        ...fields,
      },
    };
  };

/**
 * Microsoft sign-in and the Graph subset the app calls, under `/microsoft`: the authority is `/microsoft` (so
 * `/microsoft/{tenant}/oauth2/v2.0/authorize` and `/token`, any tenant), Graph's base URL `/microsoft/graph/`.
 * There is no revocation endpoint, as at Microsoft. The consent page and the grants are shared with Google.
 */
export const microsoftVendor: SandboxVendor = {
  name: 'microsoft',
  summary:
    'Microsoft identity platform (authority /microsoft: /microsoft/{tenant}/oauth2/v2.0/authorize, /token) and Microsoft Graph: base URL /microsoft/graph/',
  register: (router, context) => {
    const grants = oauthGrantsOf(context);
    registerOAuthControl(router, context);
    router
      .get('/microsoft/:tenant/oauth2/v2.0/authorize', authorize(microsoft, grants))
      .post('/microsoft/:tenant/oauth2/v2.0/authorize', consent(microsoft, grants))
      .post('/microsoft/:tenant/oauth2/v2.0/token', token(microsoft, grants))
      .get('/microsoft/graph/v1.0/me', me(grants));
  },
};
