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

/**
 * Google's authorization server as the sandbox speaks it: `{error, error_description}` refusals, a refresh token when
 * `access_type=offline`, `expires_in` of 3599.
 * @link https://developers.google.com/identity/protocols/oauth2/web-server
 */
const google: OAuthDialect = {
  vendor: 'google',
  name: 'Google',
  defaultEmail: 'you@gmail.com',
  scopeTexts: {
    'https://www.googleapis.com/auth/gmail.send': 'Send email on your behalf',
    'https://www.googleapis.com/auth/gmail.readonly': 'View your email messages and settings',
    'https://www.googleapis.com/auth/gmail.metadata': 'View your email message metadata such as labels and headers',
    'https://www.googleapis.com/auth/gmail.modify': 'Read, compose and send emails from your Gmail account',
    'https://mail.google.com/': 'Read, compose, send and permanently delete all your email from Gmail',
  },
  offline: (query) => query.get('access_type') === 'offline',
  tokenError: (status, error, description) => ({
    status,
    json: { error, error_description: description },
  }),
  redirectMismatch: 'redirect_uri_mismatch',
  denied: 'The user denied access to the app',
  grantedScope: (scopes) => scopes.join(' '),
  rotatesRefreshTokens: false,
  refreshNeedsScope: false,
  tokenExtras: () => ({}),
};

/** Gmail's `users.getProfile` wants one of these (`gmail.send` alone cannot read the profile). */
const profileScopes = [
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/gmail.metadata',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://www.googleapis.com/auth/gmail.compose',
  'https://mail.google.com/',
];

/**
 * A Google API refusal.
 * @link https://cloud.google.com/apis/design/errors#http_mapping
 */
const apiError = (code: 401 | 403, status: string, message: string, reason: string): SandboxResponse => ({
  status: code,
  headers: code === 401 ? { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/"' } : {},
  json: { error: { code, message, errors: [{ message, domain: 'global', reason }], status } },
});

/**
 * `GET /gmail/v1/users/{userId}/profile`: the mailbox behind the access token (`me` or its own address).
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users/getProfile
 */
const profile =
  (grants: OAuthGrants) =>
  (request: SandboxRequest): SandboxResponse => {
    const grant = bearerGrant(grants, 'google', request);
    if (!grant) {
      return apiError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'authError',
      );
    }
    if (!grant.scopes.some((scope) => profileScopes.includes(scope))) {
      return apiError(
        403,
        'PERMISSION_DENIED',
        'Request had insufficient authentication scopes.',
        'insufficientPermissions',
      );
    }
    const userId = request.params.userId!;
    if (userId !== 'me' && userId.toLowerCase() !== grant.email) {
      return apiError(403, 'PERMISSION_DENIED', `Delegation denied for ${grant.email}`, 'forbidden');
    }
    return { json: { emailAddress: grant.email, messagesTotal: 0, threadsTotal: 0, historyId: '1' } };
  };

/**
 * Google's revocation endpoint: the token in the query or the form; either token of a grant ends the grant.
 * @link https://developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke
 */
const revoke =
  (grants: OAuthGrants) =>
  (request: SandboxRequest): SandboxResponse => {
    const value = request.query.get('token') ?? request.form().get('token');
    if (!value || !grants.revokeToken(value, 'google')) {
      return { status: 400, json: { error: 'invalid_token', error_description: 'Token expired or revoked' } };
    }
    return { json: {} };
  };

/**
 * Google sign-in and the Gmail API subset of issue 12, under `/google`: google-auth-library's OAuth2Client with its
 * `endpoints` at `/google/o/oauth2/v2/auth`, `/google/token`, `/google/revoke`; `@googleapis/gmail` with `rootUrl`
 * the sandbox's own (`/gmail/v1/...`: googleapis keeps only the origin of a root URL). The consent page and the grants are shared with Microsoft (oauth-server.ts, oauth-grants.ts).
 */
export const googleVendor: SandboxVendor = {
  name: 'google',
  summary:
    'Google OAuth (authorize /google/o/oauth2/v2/auth, token /google/token, revoke /google/revoke) and Gmail API (root URL /, paths /gmail/v1/...)',
  register: (router, context) => {
    const grants = oauthGrantsOf(context);
    registerOAuthControl(router, context);
    router
      .get('/google/o/oauth2/v2/auth', authorize(google, grants))
      .post('/google/o/oauth2/v2/auth', consent(google, grants))
      .post('/google/token', token(google, grants))
      .post('/google/revoke', revoke(grants))
      .get('/gmail/v1/users/:userId/profile', profile(grants));
  },
};
