import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { settingsDefaults } from '../../shared/schemas/profile.js';
import { getUserProfile } from '../data/user-profile.js';
import { putZoomConnection, replaceZoomConnection, type ZoomConnectionItem } from '../data/zoom-connection.js';
import { countingDataClient } from '../test/counting-client.js';
import { userClaims } from '../test/api-event.js';
import * as profiles from './service.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';

const setup = () => {
  const db = countingDataClient();
  // codes are unique across the table (claimed): each run and setup has its own
  const codePrefix = randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase();
  const code = (n: number) => `${codePrefix}${String(n).padStart(4, '0')}`;
  let codes = 0;
  const deps: profiles.SignUpDeps = {
    db: db.data,
    now: () => new Date('2026-11-21T10:00:00.000Z'),
    newReferralCode: () => code(++codes),
    addressHash: keyedHashFromEnv(),
    documentUrl: async (key: string) => `https://files.test/${key}`,
  };
  const claims = userClaims();
  const identity: profiles.Identity = { uid: claims.sub, email: claims.email, name: 'Ada Lovelace' };
  return { db, deps, identity, code };
};

describe('profiles service against DynamoDB Local', () => {
  it('creates the profile with the new-user defaults on the first sync, in one write (and the mailboxes read beside it), and claims its referral code', async () => {
    const { db, deps, identity, code } = setup();
    const profile = await profiles.syncUser(deps, identity, {
      timeZone: 'Europe/Paris',
      signupData: { referralCode: 'friend42' },
    });
    // the profile (UpdateItem), mailboxes (Query) and Zoom connection (GetItem); its code's claim (PutItem); whether
    // its address is a deleted account's (GetItem: no); the referrer of FRIEND42 (GetItem: no one, nothing is granted)
    expect(db.calls.sort()).toEqual([
      'GetItemCommand',
      'GetItemCommand',
      'GetItemCommand',
      'PutItemCommand',
      'QueryCommand',
      'UpdateItemCommand',
    ]);
    expect(profile).toMatchObject({
      uid: identity.uid,
      email: identity.email,
      displayName: 'Ada Lovelace',
      subscriptionTier: 'free',
      subscriptionStatus: 'active',
      subscriptionRenewalDate: null,
      resumeFileSize: 0,
      resumeLastUpdated: null,
      referralCode: code(1),
      referredByCode: 'FRIEND42',
      settings: settingsDefaults,
      connectedEmails: [],
      createdAt: '2026-11-21T10:00:00.000Z',
    });
  });

  it('later syncs update e-mail, name and time zone but keep the creation date, code and referral', async () => {
    const { deps, identity, code } = setup();
    await profiles.syncUser(deps, identity, { signupData: { referralCode: 'FIRST1' } });
    const later = { ...deps, now: () => new Date('2026-12-01T00:00:00.000Z') };
    const profile = await profiles.syncUser(
      later,
      { ...identity, email: 'new@example.com' },
      {
        displayName: 'Ada King',
        timeZone: 'America/New_York',
        signupData: { referralCode: 'SECOND' },
      },
    );
    expect(profile).toMatchObject({
      email: 'new@example.com',
      displayName: 'Ada King',
      referralCode: code(1),
      referredByCode: 'FIRST1',
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-12-01T00:00:00.000Z',
    });
    const stored = await getUserProfile(deps.db, identity.uid);
    expect(stored?.detectedTimeZone).toBe('America/New_York');
  });

  it('keeps a referral code that arrives after the confirmation trigger made the profile', async () => {
    const { deps, identity } = setup();
    await profiles.syncUser(deps, identity, {});
    const profile = await profiles.syncUser(deps, identity, { signupData: { referralCode: 'LATE99' } });
    expect(profile.referredByCode).toBe('LATE99');
  });

  it('reads an existing profile with one GetItem (its mailboxes with one Query, its Zoom connection with one GetItem) and makes a missing one on first read', async () => {
    const { db, deps, identity } = setup();
    const made = await profiles.getProfile(deps, identity);
    // made: the profile (UpdateItem) and its referral code's claim (PutItem)
    expect(db.calls.sort()).toEqual([
      'GetItemCommand',
      'GetItemCommand',
      'PutItemCommand',
      'QueryCommand',
      'UpdateItemCommand',
    ]);
    expect(made.subscriptionTier).toBe('free');
    db.reset();
    const read = await profiles.getProfile(deps, identity);
    expect(db.calls.sort()).toEqual(['GetItemCommand', 'GetItemCommand', 'QueryCommand']);
    expect(read).toEqual(made);
  });

  it("says whether the user's Zoom is connected: not without a connection, nor once its grant is gone", async () => {
    const { deps, identity } = setup();
    expect((await profiles.getProfile(deps, identity)).zoomConnection).toEqual({ isConnected: false });
    const connection: ZoomConnectionItem = {
      uid: identity.uid,
      id: 'zoom-connection-1',
      email: 'ada@zoom.example',
      zoomUserId: `zoom-user-${identity.uid}`,
      accountId: 'zoom-account-1',
      expiresAt: '2026-11-21T11:00:00.000Z',
      refreshError: null,
      connectedAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
      version: 0,
      tokens: { v: 1, by: 'file', key: 'k', iv: 'i', tag: 't', data: 'd' },
    };
    expect(await putZoomConnection(deps.db, connection, null)).toBe(true);
    expect((await profiles.getProfile(deps, identity)).zoomConnection).toEqual({ isConnected: true });
    expect(await replaceZoomConnection(deps.db, { ...connection, refreshError: 'invalid_grant' })).toBe(true);
    expect((await profiles.getProfile(deps, identity)).zoomConnection).toEqual({ isConnected: false });
  });

  it('updates only the named profile fields and ignores connectedEmails', async () => {
    const { db, deps, identity } = setup();
    await profiles.syncUser(deps, identity, {});
    db.reset();
    const updated = await profiles.updateProfile(deps, identity, {
      bio: 'Builds analytical engines',
      jobTitle: 'Mathematician',
      connectedEmails: [{ email: 'x@example.com' }],
    });
    expect(db.calls.sort()).toEqual(['GetItemCommand', 'QueryCommand', 'UpdateItemCommand']);
    expect(updated).toMatchObject({
      bio: 'Builds analytical engines',
      jobTitle: 'Mathematician',
      displayName: 'Ada Lovelace',
    });
    expect(updated.connectedEmails).toEqual([]);
  });

  it('refuses an update with no valid fields and writes nothing', async () => {
    const { db, deps, identity } = setup();
    await expect(profiles.updateProfile(deps, identity, { connectedEmails: [] })).rejects.toMatchObject({
      status: 400,
      message: 'No valid fields to update',
    });
    expect(db.calls).toEqual([]);
  });

  it('changes only the named settings and keeps the others at their values', async () => {
    const { db, deps, identity } = setup();
    await profiles.syncUser(deps, identity, {});
    db.reset();
    const settings = await profiles.updateSettings(deps, identity, { settings: { theme: 'dark', followUpDelay: 5 } });
    expect(db.calls).toEqual(['UpdateItemCommand']);
    expect(settings).toEqual({ ...settingsDefaults, theme: 'dark', followUpDelay: 5 });
    const again = await profiles.updateSettings(deps, identity, { settings: { timeZone: 'Asia/Tokyo' } });
    expect(again).toEqual({ ...settingsDefaults, theme: 'dark', followUpDelay: 5, timeZone: 'Asia/Tokyo' });
  });

  it('two concurrent changes to different settings both survive', async () => {
    const { deps, identity } = setup();
    await profiles.syncUser(deps, identity, {});
    await Promise.all([
      profiles.updateSettings(deps, identity, { settings: { theme: 'dark' } }),
      profiles.updateSettings(deps, identity, { settings: { language: 'fr' } }),
    ]);
    expect(await profiles.getSettings(deps, identity)).toMatchObject({ theme: 'dark', language: 'fr' });
  });

  it('updates settings of a user whose profile does not exist yet', async () => {
    const { deps, identity } = setup();
    const settings = await profiles.updateSettings(deps, identity, { settings: { autoFollowUp: false } });
    expect(settings).toEqual({ ...settingsDefaults, autoFollowUp: false });
    expect((await profiles.getProfile(deps, identity)).subscriptionTier).toBe('free');
  });
});
