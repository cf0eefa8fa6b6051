import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { referral } from '../../shared/constants.js';
import { referralCodeOwner, referredByKey, referredKey } from '../data/referral.js';
import { getUserProfile } from '../data/user-profile.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';
import { countingDataClient } from '../test/counting-client.js';
import { readItem } from '../test/raw-items.js';
import { rewardReferral } from './referrals.js';
import * as profiles from './service.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';

/*
 * Referrals (DESIGN §6): the Lambdas as the API and Cognito call them, against DynamoDB Local. The bonus
 * slots are read where the web reads them, GET /api/profiles/slots of the contacts Lambda.
 */

let trigger: (event: PostConfirmationTriggerEvent) => Promise<PostConfirmationTriggerEvent>;

beforeAll(async () => {
  ({ handler: trigger } = await import('./post-confirmation.js'));
});

type Claims = ReturnType<typeof userClaims>;
/** the web's origin, as its requests carry it */
const webHeaders = { origin: 'http://localhost:5173' };

const bonusSlots = async (claims: Claims): Promise<number> => {
  const { status, json } = await callRoute('GET /api/profiles/slots', { headers: webHeaders, claims });
  expect(status).toBe(200);
  return json.data.bonusSlotsAvailable;
};

const referralsOf = async (claims: Claims) => {
  const { status, json, raw } = await callRoute('GET /api/referrals', { headers: webHeaders, claims });
  expect(status).toBe(200);
  return { data: json.data, raw };
};

/** A signed-up user who shares their code (read as the referrals page reads it). */
const referrer = async (email?: string) => {
  const claims = userClaims({ name: 'Rita Referrer', ...(email ? { email } : {}) });
  const { data } = await referralsOf(claims);
  return { claims, code: data.code as string };
};

/** Cognito's PostConfirmation event of an e-mail sign-up, the code in clientMetadata as the web's signUp sends it. */
const confirmation = (claims: Claims, referralCode?: string) =>
  ({
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_test',
    userName: claims.sub,
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    callerContext: { awsSdkVersion: 'test', clientId: 'client' },
    request: {
      userAttributes: { sub: claims.sub, email: claims.email, name: claims.name },
      ...(referralCode ? { clientMetadata: { referralCode } } : {}),
    },
    response: {},
  }) as PostConfirmationTriggerEvent;

const db = countingDataClient();

describe('referrals', () => {
  it('gives the referrer 10 bonus slots and the new user 5 when the e-mail sign-up is confirmed', async () => {
    const rita = await referrer();
    const newcomer = userClaims({ name: 'Nina Newcomer' });
    await trigger(confirmation(newcomer, rita.code.toLowerCase()));
    expect(await bonusSlots(rita.claims)).toBe(referral.referrerBonusSlots);
    expect(await bonusSlots(newcomer)).toBe(referral.newUserBonusSlots);
    expect((await getUserProfile(db.data, newcomer.sub))?.referredByCode).toBe(rita.code);
  });

  it('grants once when Cognito retries the trigger and the web syncs the same sign-up after it', async () => {
    const rita = await referrer();
    const newcomer = userClaims({ name: 'Nina Newcomer' });
    await trigger(confirmation(newcomer, rita.code));
    await trigger(confirmation(newcomer, rita.code));
    const synced = await callRoute('POST /api/users/sync-user', {
      headers: webHeaders,
      claims: newcomer,
      body: {
        signupData: { referralCode: rita.code },
      },
    });
    expect(synced.status).toBe(200);
    expect(await bonusSlots(rita.claims)).toBe(referral.referrerBonusSlots);
    expect(await bonusSlots(newcomer)).toBe(referral.newUserBonusSlots);
    expect((await referralsOf(rita.claims)).data.referredCount).toBe(1);
  });

  it('grants once under concurrent calls for the same account (the trigger and two syncs at once)', async () => {
    const rita = await referrer();
    const newcomer = userClaims({ name: 'Nina Newcomer' });
    const sync = () =>
      callRoute('POST /api/users/sync-user', {
        headers: webHeaders,
        claims: newcomer,
        body: { signupData: { referralCode: rita.code } },
      });
    const results = await Promise.all([trigger(confirmation(newcomer, rita.code)), sync(), sync()]);
    expect(results.slice(1).map((result) => (result as { status: number }).status)).toEqual([200, 200]);
    expect(await bonusSlots(rita.claims)).toBe(referral.referrerBonusSlots);
    expect(await bonusSlots(newcomer)).toBe(referral.newUserBonusSlots);
  });

  it('rewards a hosted-UI sign-up from its first sync-user (the code kept by the browser across the redirect)', async () => {
    const rita = await referrer();
    const newcomer = userClaims({ name: 'Gus Google' });
    // Cognito's trigger of a federated sign-up has no code: it only makes the profile
    await trigger(confirmation(newcomer));
    expect(await bonusSlots(rita.claims)).toBe(0);
    await callRoute('POST /api/users/sync-user', {
      headers: webHeaders,
      claims: newcomer,
      body: {
        email: newcomer.email,
        displayName: 'Gus Google',
        signupData: { referralCode: rita.code },
      },
    });
    expect(await bonusSlots(rita.claims)).toBe(referral.referrerBonusSlots);
    expect(await bonusSlots(newcomer)).toBe(referral.newUserBonusSlots);
  });

  it('refuses a self-referral: the same account, or another account of the same e-mail address', async () => {
    const rita = await referrer();
    await callRoute('POST /api/users/sync-user', {
      headers: webHeaders,
      claims: rita.claims,
      body: { signupData: { referralCode: rita.code } },
    });
    expect(await bonusSlots(rita.claims)).toBe(0);

    // a Google account beside the e-mail one, same address in another case
    const twin = userClaims({ email: rita.claims.email.toUpperCase(), name: 'Rita Again' });
    await trigger(confirmation(twin, rita.code));
    expect(await bonusSlots(rita.claims)).toBe(0);
    expect(await bonusSlots(twin)).toBe(0);
    expect((await referralsOf(rita.claims)).data).toMatchObject({
      referredCount: 0,
      bonusSlotsEarned: 0,
      referred: [],
    });
  });

  it("refuses a self-referral from the same mailbox under a sub-address (+tag) or Gmail's dots", async () => {
    // one inbox receives every sign-up's confirmation code: each such account would be a free 10 slots for its owner
    const local = `rita${randomUUID().slice(0, 8)}`;
    const rita = await referrer(`${local}@gmail.com`);
    const tagged = userClaims({ email: `${local}+friend@gmail.com`, name: 'Rita Tagged' });
    await trigger(confirmation(tagged, rita.code));
    const dotted = userClaims({ email: `${local.slice(0, 2)}.${local.slice(2)}+x@googlemail.com`, name: 'Rita Dots' });
    await trigger(confirmation(dotted, rita.code));
    const work = await referrer(`${local}@company.example`);
    const workTagged = userClaims({ email: `${local.toUpperCase()}+x@company.example`, name: 'Rita At Work' });
    await trigger(confirmation(workTagged, work.code));

    for (const claims of [rita.claims, tagged, dotted, work.claims, workTagged])
      expect(await bonusSlots(claims)).toBe(0);
    expect((await referralsOf(rita.claims)).data).toMatchObject({ referredCount: 0, referred: [] });
    // the same local part at another domain is another person's mailbox
    const namesake = userClaims({ email: `${local}@outlook.example`, name: 'Another Rita' });
    await trigger(confirmation(namesake, rita.code));
    expect(await bonusSlots(rita.claims)).toBe(referral.referrerBonusSlots);
  });

  it('rewards one account per mailbox: another sub-address of it, or the address signed up again, earns nothing', async () => {
    // otherwise one second inbox (bob+1@, bob+2@..., or delete and sign up again) is unlimited slots for its referrer
    const rita = await referrer();
    const local = `bob${randomUUID().slice(0, 8)}`;
    const bob = userClaims({ email: `${local}@example.com`, name: 'Bob' });
    await trigger(confirmation(bob, rita.code));
    expect(await bonusSlots(rita.claims)).toBe(referral.referrerBonusSlots);

    const tagged = userClaims({ email: `${local}+2@example.com`, name: 'Bob Two' });
    await trigger(confirmation(tagged, rita.code));
    const again = userClaims({ email: `${local.toUpperCase()}@example.com`, name: 'Bob Again' });
    await callRoute('POST /api/users/sync-user', {
      headers: webHeaders,
      claims: again,
      body: { signupData: { referralCode: rita.code } },
    });

    expect(await bonusSlots(rita.claims)).toBe(referral.referrerBonusSlots);
    expect(await bonusSlots(tagged)).toBe(0);
    expect(await bonusSlots(again)).toBe(0);
    expect((await referralsOf(rita.claims)).data).toMatchObject({ referredCount: 1, referred: [{ name: 'Bob' }] });
  });

  it('ignores an unknown code: the sign-up goes through and nobody gets slots', async () => {
    const newcomer = userClaims();
    await expect(trigger(confirmation(newcomer, 'NOSUCHCODE99'))).resolves.toBeDefined();
    expect(await bonusSlots(newcomer)).toBe(0);
    expect(await readItem(db.data, referredByKey(newcomer.sub))).toBeNull();
  });

  it('does not reward an existing account that sends a code later', async () => {
    const rita = await referrer();
    const old = userClaims();
    const deps: profiles.SignUpDeps = {
      db: db.data,
      now: () => new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
      newReferralCode: profiles.newReferralCode,
      addressHash: keyedHashFromEnv(),
      documentUrl: async () => '',
    };
    await profiles.syncUser(deps, { uid: old.sub, email: old.email }, {});
    await callRoute('POST /api/users/sync-user', {
      headers: webHeaders,
      claims: old,
      body: { signupData: { referralCode: rita.code } },
    });
    expect(await bonusSlots(rita.claims)).toBe(0);
    expect(await bonusSlots(old)).toBe(0);
  });

  it('lists the referred people by name with the bonus earned, never their e-mail addresses', async () => {
    const rita = await referrer();
    const nina = userClaims({ name: 'Nina Newcomer' });
    const anonymous = userClaims({ name: '' });
    await trigger(confirmation(nina, rita.code));
    await trigger(confirmation(anonymous, rita.code));
    const { data, raw } = await referralsOf(rita.claims);
    expect(data).toEqual({
      code: rita.code,
      link: `http://localhost:5173/signup?ref=${rita.code}`,
      referredCount: 2,
      bonusSlotsEarned: 2 * referral.referrerBonusSlots,
      // this month's counts are the subject of referral-limits.int.test.ts (on a clock it sets)
      thisMonth: {
        month: expect.stringMatching(/^\d{4}-\d{2}$/),
        joined: expect.any(Number),
        rewarded: expect.any(Number),
        rewardLimit: referral.monthlyRewardLimit,
      },
      referred: expect.arrayContaining([
        { name: 'Nina Newcomer', joinedAt: expect.any(String), rewarded: true },
        { name: 'A new member', joinedAt: expect.any(String), rewarded: true },
      ]),
    });
    for (const person of [nina, anonymous]) {
      expect(raw).not.toContain(person.email);
      expect(raw).not.toContain(person.sub);
    }
    // another user sees their own (empty) list
    expect((await referralsOf(nina)).data).toMatchObject({ referredCount: 0, referred: [] });
  });

  it('finds a code with one GetItem and rewards in one transaction (no Query, no Scan)', async () => {
    const rita = await referrer();
    const newcomer = userClaims();
    const deps: profiles.SignUpDeps = {
      db: db.data,
      now: () => new Date(),
      newReferralCode: profiles.newReferralCode,
      addressHash: keyedHashFromEnv(),
      documentUrl: async () => '',
    };
    db.reset();
    const outcome = await rewardReferral(
      deps,
      { uid: newcomer.sub, email: newcomer.email, name: 'Nina', createdAt: new Date().toISOString(), returning: false },
      rita.code,
    );
    expect(outcome).toBe('rewarded');
    // the code's owner (GetItem of REFERRALCODE#), the referrer's address (GetItem, the self-referral check), one
    // transaction
    expect(db.calls).toEqual(['GetItemCommand', 'GetItemCommand', 'TransactWriteItemsCommand']);
    expect(await readItem(db.data, referredKey(rita.claims.sub, newcomer.sub))).toMatchObject({ rewarded: true });
  });

  it("claims each user's code for them alone, and gives a new profile a free code when its first one is taken", async () => {
    const rita = await referrer();
    expect(await referralCodeOwner(db.data, rita.code)).toBe(rita.claims.sub);
    const newcomer = userClaims();
    const free = `FREE${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
    const codes = [rita.code, free];
    const deps: profiles.SignUpDeps = {
      db: db.data,
      now: () => new Date(),
      newReferralCode: () => codes.shift() ?? profiles.newReferralCode(),
      addressHash: keyedHashFromEnv(),
      documentUrl: async () => '',
    };
    const profile = await profiles.syncUser(deps, { uid: newcomer.sub, email: newcomer.email }, {});
    expect(profile.referralCode).toBe(free);
    expect(await referralCodeOwner(db.data, free)).toBe(newcomer.sub);
    expect(await referralCodeOwner(db.data, rita.code)).toBe(rita.claims.sub);
    expect((await getUserProfile(db.data, newcomer.sub))?.referralCode).toBe(free);
  });

  it('claims the code of a profile made before codes were claimed when the referrals are first read', async () => {
    const claims = userClaims();
    const code = `OLD${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
    const { upsertUserProfile } = await import('../data/user-profile.js');
    await upsertUserProfile(db.data, claims.sub, {
      set: { email: claims.email },
      setIfMissing: { referralCode: code },
    });
    expect(await referralCodeOwner(db.data, code)).toBeNull();
    expect((await referralsOf(claims)).data.code).toBe(code);
    expect(await referralCodeOwner(db.data, code)).toBe(claims.sub);
    // once claimed, the page's read is the profile's code and its claim (GetItem each) and one Query of REFERRED#
    const deps: profiles.SignUpDeps = {
      db: db.data,
      now: () => new Date(),
      newReferralCode: profiles.newReferralCode,
      addressHash: keyedHashFromEnv(),
      documentUrl: async () => '',
    };
    db.reset();
    const read = await profiles.getReferrals(deps, { uid: claims.sub, email: claims.email }, 'https://app.test');
    expect(read).toMatchObject({ code, link: `https://app.test/signup?ref=${code}`, referredCount: 0 });
    expect(db.calls.sort()).toEqual(['GetItemCommand', 'GetItemCommand', 'QueryCommand']);
  });
});
