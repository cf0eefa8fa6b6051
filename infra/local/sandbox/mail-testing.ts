import { createHash, randomBytes } from 'node:crypto';
import { consentInSandbox } from './oauth-consent.js';

const gmailScopes = ['https://www.googleapis.com/auth/gmail.send', 'https://www.googleapis.com/auth/gmail.readonly'];
const outlookScopes = ['offline_access', 'User.Read', 'Mail.Send', 'Mail.Read', 'Mail.ReadWrite'];

/**
 * A connected sandbox mailbox without the app, for tests of the mail APIs: signs in as `email` on the sandbox's
 * consent page (PKCE, the sandbox's client) and answers the access and refresh tokens.
 * @default scopes: Gmail `gmail.send gmail.readonly`; Outlook `offline_access User.Read Mail.Send Mail.Read Mail.ReadWrite`
 */
export const connectSandboxMailbox = async (
  sandboxUrl: string,
  provider: 'gmail' | 'outlook',
  email: string,
  scopes: string[] = provider === 'gmail' ? gmailScopes : outlookScopes,
) => {
  const verifier = randomBytes(48).toString('base64url');
  const redirectUri = `http://localhost:5173/${provider}-auth`;
  const authorize =
    provider === 'gmail'
      ? `${sandboxUrl}/google/o/oauth2/v2/auth`
      : `${sandboxUrl}/microsoft/common/oauth2/v2.0/authorize`;
  const url = new URL(authorize);
  url.search = new URLSearchParams({
    client_id: `sandbox-${provider}-test-client`,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: scopes.join(' '),
    access_type: 'offline',
    state: 'test',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const { code } = await consentInSandbox(url.href, { email });
  if (!code) throw new Error(`The sandbox gave no code for ${email}`);
  const tokenUrl =
    provider === 'gmail' ? `${sandboxUrl}/google/token` : `${sandboxUrl}/microsoft/common/oauth2/v2.0/token`;
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: `sandbox-${provider}-test-client`,
      client_secret: 'sandbox-test-secret',
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  if (response.status !== 200) throw new Error(`The sandbox refused the code: ${await response.text()}`);
  const tokens = (await response.json()) as { access_token: string; refresh_token?: string };
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? null };
};
