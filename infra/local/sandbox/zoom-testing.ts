import { createHash, randomBytes } from 'node:crypto';
import { localZoom } from '../lambda-env.js';
import { consentInSandbox } from './oauth-consent.js';

/**
 * A Zoom account connected without the app, for tests of Zoom's API and of what the app does with a connection: signs
 * in as `email` on the sandbox's Zoom consent page (PKCE) as `client` and answers Zoom's tokens. @default client: the
 * local app's own (lambda-env.ts `localZoom`), so the app's Zoom adapter can refresh what this returns.
 */
export const connectSandboxZoom = async (
  sandboxUrl: string,
  email: string,
  client: { id: string; secret: string } = { id: localZoom.clientId, secret: localZoom.clientSecret },
) => {
  const verifier = randomBytes(48).toString('base64url');
  const redirectUri = 'http://localhost:5173/app/dashboard';
  const url = new URL(`${sandboxUrl}/zoom/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.id,
    redirect_uri: redirectUri,
    state: 'test',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const { code } = await consentInSandbox(url.href, { email });
  if (!code) throw new Error(`The sandbox gave no Zoom code for ${email}`);
  const response = await fetch(`${sandboxUrl}/zoom/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  if (response.status !== 200) throw new Error(`The sandbox refused the Zoom code: ${await response.text()}`);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
  };
};
