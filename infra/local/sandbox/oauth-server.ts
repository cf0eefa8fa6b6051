import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as z from 'zod';
import { type Grant, type OAuthVendor, OAuthGrants, type PendingConsent } from './oauth-grants.js';
import type { SandboxContext, SandboxRequest, SandboxResponse, SandboxRouter } from './router.js';

/** What a token refusal is about, for providers whose words depend on it (Zoom's `reason`). */
export type TokenRefusalSubject = 'request' | 'client' | 'code' | 'redirect' | 'verifier' | 'refresh';

/** How one provider's authorization server differs from the others': words, error shapes, refresh-token rules. */
export type OAuthDialect = {
  vendor: OAuthVendor;
  /** `Google`, `Microsoft`, `Zoom` */
  name: string;
  /** the consent page's e-mail when the sign-in gives no `login_hint` */
  defaultEmail: string;
  /** what the consent page says a scope allows */
  scopeTexts: Record<string, string>;
  /** whether the grant gets a refresh token (Google: `access_type=offline`; Microsoft: the `offline_access` scope) */
  offline: (query: URLSearchParams, scopes: string[]) => boolean;
  /** the token endpoint's refusal in the provider's shape */
  tokenError: (status: number, error: string, description: string, subject: TokenRefusalSubject) => SandboxResponse;
  /** the error code of a token request whose `redirect_uri` is not the authorize request's */
  redirectMismatch: string;
  /** `error_description` of the redirect when the person clicks Deny */
  denied: string;
  /** the token answer's `scope` */
  grantedScope: (scopes: string[]) => string;
  /** Microsoft and Zoom answer a refresh with a new refresh token; Google keeps the one it gave */
  rotatesRefreshTokens: boolean;
  /** Zoom: the refresh token used stops working once its successor is issued (Microsoft's old ones stay valid) */
  retiresUsedRefreshToken?: boolean;
  /** Zoom: the app's scopes are set where the app is registered, so an authorize request names none (these) */
  defaultScopes?: string[];
  /** Zoom: the client authenticates with HTTP Basic only (Google and Microsoft also take it in the form) */
  basicClientAuthOnly?: boolean;
  /** the access tokens' `expires_in` (@default an hour; Zoom's are 3599 s) */
  accessTokenSeconds?: number;
  /** Microsoft's v2 endpoint wants `scope` with a refresh token: the granted scopes or fewer */
  refreshNeedsScope: boolean;
  /** fields the provider adds to a token answer */
  tokenExtras: (expiresIn: number) => Record<string, unknown>;
};

/** The OAuth state of this sandbox server, shared by its Google, Microsoft and Zoom vendors (kept in `<dataDir>`). */
export const oauthGrantsOf = (context: SandboxContext) =>
  context.shared(
    'oauth-grants',
    () => new OAuthGrants(context.dataDir ? { file: join(context.dataDir, 'oauth-grants.json') } : {}),
  );

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A page of the sandbox for a person (consent, a Zoom meeting's join page): `body` is HTML, already escaped. */
export const sandboxPage = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; }
main { max-width: 26rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
.sandbox { color: #8a5a00; background: #fff4dd; padding: .4rem .6rem; border-radius: 4px; font-size: .85rem; }
label { display: block; margin: 1rem 0 .3rem; font-weight: 600; }
input[type=email] { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; }
.actions { display: flex; gap: .5rem; justify-content: flex-end; margin-top: 1.5rem; }
button { padding: .5rem 1.2rem; font-size: 1rem; border-radius: 4px; border: 1px solid #999; background: #fff; cursor: pointer; }
button[value=allow] { background: #1a73e8; color: #fff; border-color: #1a73e8; }
.error { color: #b00020; }
code { font-size: .8rem; color: #555; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;

/** An authorize request the sandbox cannot send back to the app (no client or no valid redirect URI). */
const errorPage = (dialect: OAuthDialect, error: string, description: string): SandboxResponse => ({
  status: 400,
  html: sandboxPage(
    `Error 400: ${error}`,
    `<h1>${escapeHtml(dialect.name)} sign-in (sandbox)</h1>
<p class="error">Error 400: ${escapeHtml(error)}</p>
<p>${escapeHtml(description)}</p>`,
  ),
});

/**
 * The consent page (DESIGN §8 'Sandbox control'): who asks, for which scopes, an e-mail field named `email`
 * (the sign-in's `login_hint`, or the provider's default) and the buttons `Allow` (first: Enter allows) and `Deny`.
 */
export const consentPage = (dialect: OAuthDialect, consent: PendingConsent, email: string, problem?: string) =>
  sandboxPage(
    `Sign in with ${dialect.name} (sandbox)`,
    `<h1>Sign in with ${escapeHtml(dialect.name)}</h1>
<p class="sandbox">Sandbox: no real ${escapeHtml(dialect.name)} account is used. Any address signs in.</p>
<p><strong>${escapeHtml(consent.clientId)}</strong> wants to access your ${escapeHtml(dialect.name)} account:</p>
<ul>
${consent.scopes
  .map((scope) => `<li>${escapeHtml(dialect.scopeTexts[scope] ?? scope)} <code>${escapeHtml(scope)}</code></li>`)
  .join('\n')}
</ul>
<form method="post">
<input type="hidden" name="consent" value="${escapeHtml(consent.id)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" value="${escapeHtml(email)}" required autocomplete="email">
${problem ? `<p class="error">${escapeHtml(problem)}</p>` : ''}
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>`,
  );

/** `redirectUri` with the answer's parameters added (keeping its own query). */
const redirectTo = (redirectUri: string, params: Record<string, string | undefined>): SandboxResponse => {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return { redirect: url.href };
};

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** RFC 7636 §4.1-4.2: 43 to 128 unreserved characters. */
const pkceValue = /^[A-Za-z0-9._~-]{43,128}$/;
const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/**
 * GET authorize: checks the request and shows the consent page. The sandbox insists on PKCE (a `code_challenge`),
 * which the real providers leave optional for confidential clients: an adapter that forgot it fails here.
 */
export const authorize =
  (dialect: OAuthDialect, grants: OAuthGrants) =>
  (request: SandboxRequest): SandboxResponse => {
    const query = request.query;
    const clientId = query.get('client_id');
    const redirectUri = query.get('redirect_uri');
    if (!clientId) return errorPage(dialect, 'invalid_request', 'Missing required parameter: client_id');
    if (!redirectUri || !isHttpUrl(redirectUri)) {
      return errorPage(dialect, 'invalid_request', 'Missing or invalid parameter: redirect_uri');
    }
    const state = query.get('state') ?? undefined;
    const refuse = (error: string, description: string) =>
      redirectTo(redirectUri, { error, error_description: description, state });
    if (query.get('response_type') !== 'code') {
      return refuse('unsupported_response_type', 'Only response_type=code is supported');
    }
    const asked = (query.get('scope') ?? '').split(/\s+/).filter(Boolean);
    const scopes = asked.length > 0 ? asked : (dialect.defaultScopes ?? []);
    if (scopes.length === 0) return refuse('invalid_scope', 'Missing required parameter: scope');
    const codeChallenge = query.get('code_challenge');
    const codeChallengeMethod = query.get('code_challenge_method') ?? 'plain';
    if (!codeChallenge || !pkceValue.test(codeChallenge)) {
      return refuse('invalid_request', 'A PKCE code_challenge is required (the sandbox insists on PKCE)');
    }
    if (codeChallengeMethod !== 'S256' && codeChallengeMethod !== 'plain') {
      return refuse('invalid_request', 'code_challenge_method must be S256 or plain');
    }
    const loginHint = query.get('login_hint') ?? undefined;
    const consent = grants.openConsent({
      vendor: dialect.vendor,
      clientId,
      redirectUri,
      scopes,
      state,
      codeChallenge,
      codeChallengeMethod,
      offline: dialect.offline(query, scopes),
      loginHint,
    });
    return { html: consentPage(dialect, consent, loginHint ?? dialect.defaultEmail) };
  };

/** POST authorize: the consent page's answer. Allow: back to the app with a code; Deny: with `access_denied`. */
export const consent =
  (dialect: OAuthDialect, grants: OAuthGrants) =>
  (request: SandboxRequest): SandboxResponse => {
    const form = request.form();
    const pending = grants.takeConsent(form.get('consent') ?? '', dialect.vendor);
    if (!pending) {
      return errorPage(dialect, 'invalid_request', 'This sign-in is over (used or expired): start again from the app.');
    }
    if (form.get('decision') !== 'allow') {
      return redirectTo(pending.redirectUri, {
        error: 'access_denied',
        error_description: dialect.denied,
        state: pending.state,
      });
    }
    const email = emailSchema.safeParse(form.get('email') ?? '');
    if (!email.success) {
      const again = grants.openConsent(pending);
      return { status: 400, html: consentPage(dialect, again, form.get('email') ?? '', 'Enter an e-mail address.') };
    }
    const code = grants.issueCode(pending, email.data);
    return redirectTo(pending.redirectUri, { code, state: pending.state });
  };

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The client of a token request: HTTP Basic (RFC 6749 §2.3.1) or `client_id`/`client_secret` in the form. */
const clientOf = (request: SandboxRequest, form: URLSearchParams, basicOnly: boolean) => {
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
  if (basic) {
    const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    return { clientId: id || null, clientSecret: secret || null };
  }
  if (basicOnly) return { clientId: null, clientSecret: null };
  return { clientId: form.get('client_id'), clientSecret: form.get('client_secret') };
};

/**
 * POST token: the authorization code grant (client, redirect URI, single-use short-lived code, PKCE verifier) and the
 * refresh token grant (a revoked grant: `invalid_grant`). Access tokens live an hour.
 */
export const token =
  (dialect: OAuthDialect, grants: OAuthGrants) =>
  (request: SandboxRequest): SandboxResponse => {
    const form = request.form();
    const fail = (status: number, error: string, description: string, subject: TokenRefusalSubject = 'request') =>
      dialect.tokenError(status, error, description, subject);
    const basicOnly = dialect.basicClientAuthOnly ?? false;
    const { clientId, clientSecret } = clientOf(request, form, basicOnly);
    if (!clientId) {
      return basicOnly
        ? fail(401, 'invalid_client', 'The client must authenticate with HTTP Basic', 'client')
        : fail(400, 'invalid_request', 'Missing required parameter: client_id');
    }
    if (!clientSecret) return fail(401, 'invalid_client', 'The request must contain a client secret', 'client');
    if (!grants.checkClientSecret(dialect.vendor, clientId, clientSecret)) {
      return fail(401, 'invalid_client', 'Invalid client secret provided', 'client');
    }

    const answer = (grant: Grant, refreshToken: string | undefined): SandboxResponse => {
      const { token: accessToken, expiresIn } = grants.issueAccessToken(grant, dialect.accessTokenSeconds);
      return {
        headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
        json: {
          access_token: accessToken,
          expires_in: expiresIn,
          ...(refreshToken ? { refresh_token: refreshToken } : {}),
          scope: dialect.grantedScope(grant.scopes),
          token_type: 'Bearer',
          ...dialect.tokenExtras(expiresIn),
        },
      };
    };

    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code');
      if (!code) return fail(400, 'invalid_request', 'Missing required parameter: code');
      const redeemed = grants.redeemCode(code, dialect.vendor);
      if (!redeemed.ok) {
        const why = { unknown: 'is not known', used: 'was already used', expired: 'has expired' }[redeemed.reason];
        return fail(400, 'invalid_grant', `The authorization code ${why}`, 'code');
      }
      const found = redeemed.code;
      if (found.clientId !== clientId) {
        return fail(400, 'invalid_grant', 'The authorization code was issued to another client', 'code');
      }
      if (form.get('redirect_uri') !== found.redirectUri) {
        return fail(400, dialect.redirectMismatch, 'redirect_uri does not match the authorization request', 'redirect');
      }
      const verifier = form.get('code_verifier');
      if (!verifier) return fail(400, 'invalid_grant', 'Missing code verifier', 'verifier');
      const expected = found.codeChallengeMethod === 'S256' ? s256(verifier) : verifier;
      if (!pkceValue.test(verifier) || expected !== found.codeChallenge) {
        return fail(400, 'invalid_grant', 'The code_verifier does not match the code_challenge', 'verifier');
      }
      const grant = grants.createGrant(found);
      return answer(grant, grant.refreshTokens[0]);
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken) return fail(400, 'invalid_request', 'Missing required parameter: refresh_token');
      const grant = grants.grantOfRefreshToken(refreshToken, dialect.vendor);
      if (!grant || grant.revoked) return fail(400, 'invalid_grant', 'Token has been expired or revoked', 'refresh');
      if (grant.clientId !== clientId) {
        return fail(400, 'invalid_grant', 'The refresh token was issued to another client', 'refresh');
      }
      if (dialect.refreshNeedsScope) {
        const asked = (form.get('scope') ?? '').split(/\s+/).filter(Boolean);
        if (asked.length === 0) {
          return fail(400, 'invalid_request', "The request body must contain the following parameter: 'scope'");
        }
        if (!asked.every((scope) => grant.scopes.includes(scope))) {
          return fail(400, 'invalid_scope', 'The scopes asked are more than the grant gave');
        }
      }
      const retired = dialect.retiresUsedRefreshToken ? refreshToken : undefined;
      return answer(grant, dialect.rotatesRefreshTokens ? grants.rotateRefreshToken(grant, retired) : undefined);
    }
    return fail(400, 'unsupported_grant_type', `Unsupported grant_type: ${grantType ?? '(none)'}`);
  };

/** The live grant of the request's bearer token, or none (unknown, expired or revoked). */
export const bearerGrant = (grants: OAuthGrants, vendor: OAuthVendor, request: SandboxRequest) => {
  const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  return bearer ? grants.grantOfAccessToken(bearer[1]!, vendor) : undefined;
};

const vendorOf = z.enum(['google', 'gmail', 'microsoft', 'outlook', 'zoom']).transform((name): OAuthVendor => {
  if (name === 'gmail' || name === 'google') return 'google';
  return name === 'zoom' ? 'zoom' : 'microsoft';
});
const controlBody = z.object({ email: z.string().trim().min(3), provider: vendorOf.optional() });

/**
 * Sandbox control of the mailboxes' and Zoom accounts' grants (DESIGN §8, for people and tests), registered once per
 * server: `POST /_sandbox/oauth/revoke {email, provider?}` ends the address's grants (refresh: `invalid_grant`, API
 * calls: 401); `POST /_sandbox/oauth/expire {email, provider?}` makes its access tokens expired now (refresh still
 * works); `GET /_sandbox/oauth/grants` lists the grants without their tokens. `provider`:
 * google|gmail|microsoft|outlook|zoom; none: every provider's.
 */
export const registerOAuthControl = (router: SandboxRouter, context: SandboxContext) =>
  context.shared('oauth-control', () => {
    const grants = oauthGrantsOf(context);
    const act = (what: 'revoked' | 'expired') => (request: SandboxRequest) => {
      let json: unknown;
      try {
        json = request.json();
      } catch {
        json = undefined;
      }
      const body = controlBody.safeParse(json);
      if (!body.success) return { status: 400, json: { error: { message: 'Give {email, provider?}' } } };
      const { email, provider } = body.data;
      const count = what === 'revoked' ? grants.revokeEmail(email, provider) : grants.expireEmail(email, provider);
      if (what === 'revoked' && count === 0) {
        return { status: 404, json: { error: { message: `No live grant for ${email}` } } };
      }
      return { json: { [what]: count } };
    };
    router
      .post('/_sandbox/oauth/revoke', act('revoked'))
      .post('/_sandbox/oauth/expire', act('expired'))
      .get('/_sandbox/oauth/grants', () => ({ json: grants.list() }));
    return true;
  });
