import { gmailProfile } from './gmail-api.js';
import { mailStoreOf } from './mail-store.js';
import type { OAuthGrants } from './oauth-grants.js';
import { authorize, consent, type OAuthDialect, oauthGrantsOf, registerOAuthControl, token } from './oauth-server.js';
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
 * Google sign-in and the Gmail API subset the app calls, under `/google`: google-auth-library's OAuth2Client with its
 * `endpoints` at `/google/o/oauth2/v2/auth`, `/google/token`, `/google/revoke`; `@googleapis/gmail` with `rootUrl`
 * the sandbox's own (`/gmail/v1/...`: googleapis keeps only the origin of a root URL); the rest of the Gmail API is
 * gmail-api.ts. The consent page and the grants are shared with Microsoft (oauth-server.ts, oauth-grants.ts).
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
      .get('/gmail/v1/users/:userId/profile', gmailProfile(grants, mailStoreOf(context)));
  },
};
