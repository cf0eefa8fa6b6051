import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  accessTokenLifetimeSeconds,
  codeLifetimeMs,
  OAuthGrants,
  type OAuthVendor,
  type PendingConsent,
} from './oauth-grants.js';

/** A store on a clock the test moves. */
const storeAt = (options: { file?: string } = {}) => {
  const clock = { now: Date.parse('2026-11-24T09:00:00Z') };
  return { clock, grants: new OAuthGrants({ ...options, now: () => clock.now }) };
};

const consentOf = (grants: OAuthGrants, vendor: OAuthVendor = 'google'): PendingConsent =>
  grants.openConsent({
    vendor,
    clientId: 'client',
    redirectUri: 'http://localhost:5173/gmail-auth',
    scopes: ['a', 'b'],
    state: 's',
    codeChallenge: 'c'.repeat(43),
    codeChallengeMethod: 'S256',
    offline: true,
    loginHint: undefined,
  });

describe('the sandbox OAuth grants', () => {
  it('lets a code be redeemed once, within ten minutes', () => {
    const { clock, grants } = storeAt();
    const fresh = grants.issueCode(consentOf(grants), 'ada@gmail.com');
    expect(grants.redeemCode(fresh, 'google')).toMatchObject({ ok: true });
    expect(grants.redeemCode(fresh, 'google')).toMatchObject({ ok: false, reason: 'used' });
    const late = grants.issueCode(consentOf(grants), 'ada@gmail.com');
    clock.now += codeLifetimeMs;
    expect(grants.redeemCode(late, 'google')).toMatchObject({ ok: false, reason: 'expired' });
    expect(grants.redeemCode('4/unknown', 'google')).toEqual({ ok: false, reason: 'unknown' });
  });

  it("does not redeem one provider's code at the other", () => {
    const { grants } = storeAt();
    const code = grants.issueCode(consentOf(grants, 'google'), 'ada@gmail.com');
    expect(grants.redeemCode(code, 'microsoft')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('closes a consent page left open longer than ten minutes', () => {
    const { clock, grants } = storeAt();
    const open = consentOf(grants);
    clock.now += codeLifetimeMs;
    expect(grants.takeConsent(open.id, 'google')).toBeUndefined();
  });

  it('ends an access token after an hour; its refresh token still finds the grant', () => {
    const { clock, grants } = storeAt();
    const code = grants.redeemCode(grants.issueCode(consentOf(grants), 'ada@gmail.com'), 'google');
    if (!code.ok) throw new Error('no code');
    const grant = grants.createGrant(code.code);
    const { token } = grants.issueAccessToken(grant);
    clock.now += accessTokenLifetimeSeconds * 1000 - 1;
    expect(grants.grantOfAccessToken(token, 'google')?.email).toBe('ada@gmail.com');
    clock.now += 1;
    expect(grants.grantOfAccessToken(token, 'google')).toBeUndefined();
    expect(grants.grantOfRefreshToken(grant.refreshTokens[0]!, 'google')?.id).toBe(grant.id);
  });

  it("retires the refresh token used when told (Zoom's rotation), keeping the others otherwise (Microsoft's)", () => {
    const { grants } = storeAt();
    const grantOf = (vendor: 'microsoft' | 'zoom') => {
      const code = grants.redeemCode(grants.issueCode(consentOf(grants, vendor), 'ada@example.com'), vendor);
      if (!code.ok) throw new Error('no code');
      return grants.createGrant(code.code);
    };
    const zoom = grantOf('zoom');
    const used = zoom.refreshTokens[0]!;
    const next = grants.rotateRefreshToken(zoom, used);
    expect(grants.grantOfRefreshToken(used, 'zoom')).toBeUndefined();
    expect(grants.grantOfRefreshToken(next, 'zoom')?.id).toBe(zoom.id);
    const microsoft = grantOf('microsoft');
    const first = microsoft.refreshTokens[0]!;
    grants.rotateRefreshToken(microsoft);
    expect(grants.grantOfRefreshToken(first, 'microsoft')?.id).toBe(microsoft.id);
  });

  it('takes the first secret a client shows and wants it from then on', () => {
    const { grants } = storeAt();
    expect(grants.checkClientSecret('google', 'client', 'one')).toBe(true);
    expect(grants.checkClientSecret('google', 'client', 'two')).toBe(false);
    expect(grants.checkClientSecret('microsoft', 'client', 'two')).toBe(true);
  });

  it('writes grants and live access tokens to its file, never pending codes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oauth-grants-'));
    try {
      const file = join(dir, 'grants.json');
      const { clock, grants } = storeAt({ file });
      const code = grants.redeemCode(grants.issueCode(consentOf(grants), 'ada@gmail.com'), 'google');
      if (!code.ok) throw new Error('no code');
      const grant = grants.createGrant(code.code);
      const { token } = grants.issueAccessToken(grant);
      const pending = grants.issueCode(consentOf(grants), 'later@gmail.com');
      const saved = readFileSync(file, 'utf8');
      expect(saved).toContain(token);
      expect(saved).not.toContain(pending);
      // at the same moment: the store's clock, not the machine's (its tokens live an hour from the clock's 09:00)
      const reopened = new OAuthGrants({ file, now: () => clock.now });
      expect(reopened.grantOfAccessToken(token, 'google')?.email).toBe('ada@gmail.com');
      expect(reopened.redeemCode(pending, 'google')).toEqual({ ok: false, reason: 'unknown' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
