import { randomBytes } from 'node:crypto';
import type { MailProvider } from '../../../shared/schemas/mailboxes.js';
import { type MailAuth, MailAuthFailure, type MailTokens } from '../../providers/mail/port.js';

/**
 * Tests only: a provider in memory that behaves as the sandbox does on the points the service relies on: a code is
 * given on consent to one sign-in and exchanged once, with that sign-in's PKCE verifier; refresh tokens work until
 * their grant is revoked (`invalid_grant`); access tokens name their mailbox until then (`unauthorized`); a new
 * sign-in gets a new grant; `down` makes every call
 * `unavailable`. Every token it makes is a unique string, so a test can look for it anywhere.
 */
export const fakeMailAuth = (provider: MailProvider, options: { now?: () => Date; lifetimeMs?: number } = {}) => {
  const now = options.now ?? (() => new Date());
  const lifetimeMs = options.lifetimeMs ?? 3600_000;
  const signIns = new Map<string, { verifier: string; redirectUri: string }>();
  const codes = new Map<string, { verifier: string; redirectUri: string; email: string }>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const revoked = new Set<string>();
  const calls: string[] = [];
  const state = { down: false, failRefreshOf: new Set<string>() };
  const token = (kind: string) => `${provider}-${kind}-${randomBytes(12).toString('hex')}`;
  const issue = (email: string, withRefresh = true): MailTokens => {
    const accessToken = token('access');
    accessTokens.set(accessToken, email);
    const refreshToken = withRefresh ? token('refresh') : null;
    if (refreshToken) refreshTokens.set(refreshToken, email);
    return { accessToken, refreshToken, expiresAt: new Date(now().getTime() + lifetimeMs) };
  };
  /** the grant of `email` ends: every token issued to it so far is refused; a new sign-in gets new ones */
  const revokeGrant = (email: string) => {
    for (const tokens of [accessTokens, refreshTokens]) {
      for (const [issued, owner] of tokens) if (owner === email) revoked.add(issued);
    }
  };
  const up = () => {
    if (state.down) throw new MailAuthFailure('unavailable', `${provider} is down`);
  };

  const auth: MailAuth = {
    provider,
    scopes: ['send', 'read'],
    start: async ({ state: signInState, redirectUri }) => {
      calls.push('start');
      const verifier = token('verifier');
      signIns.set(signInState, { verifier, redirectUri });
      return { authUrl: `https://${provider}.test/authorize?state=${signInState}`, codeVerifier: verifier };
    },
    exchangeCode: async ({ code, redirectUri, codeVerifier }) => {
      calls.push('exchangeCode');
      up();
      const granted = codes.get(code);
      codes.delete(code);
      if (!granted || granted.verifier !== codeVerifier || granted.redirectUri !== redirectUri) {
        throw new MailAuthFailure('invalid_grant', 'code refused');
      }
      return issue(granted.email);
    },
    refresh: async (refreshToken) => {
      calls.push('refresh');
      up();
      const email = refreshTokens.get(refreshToken);
      if (!email || revoked.has(refreshToken)) throw new MailAuthFailure('invalid_grant', 'grant revoked');
      if (state.failRefreshOf.has(email)) throw new Error('an unexpected failure');
      return { ...issue(email, false), refreshToken: null };
    },
    mailboxAddress: async (accessToken) => {
      calls.push('mailboxAddress');
      up();
      const email = accessTokens.get(accessToken);
      if (!email || revoked.has(accessToken)) throw new MailAuthFailure('unauthorized', 'token refused');
      return email;
    },
    revoke: async (revokedToken) => {
      calls.push('revoke');
      const email = refreshTokens.get(revokedToken) ?? accessTokens.get(revokedToken);
      if (email) revokeGrant(email);
    },
  };

  return {
    auth,
    calls,
    state,
    /** the person allows the sign-in of `signInState` as `email`: the code the provider redirects with */
    consent: (signInState: string, email: string) => {
      const signIn = signIns.get(signInState);
      if (!signIn) throw new Error('no such sign-in');
      const code = token('code');
      codes.set(code, { ...signIn, email });
      return code;
    },
    /** the verifier the sign-in of `signInState` was started with */
    verifierOf: (signInState: string) => signIns.get(signInState)?.verifier,
    /** tokens as if the person had signed in elsewhere (POST /api/email-connections) */
    issue,
    /** the sandbox's `/_sandbox/oauth/revoke {email}` */
    revoke: revokeGrant,
    /** the unique strings it ever handed out (access and refresh tokens, verifiers) */
    secrets: () => [
      ...accessTokens.keys(),
      ...refreshTokens.keys(),
      ...[...signIns.values()].map((signIn) => signIn.verifier),
    ],
  };
};

export type FakeMailAuth = ReturnType<typeof fakeMailAuth>;
