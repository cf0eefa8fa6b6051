import { randomInt } from 'node:crypto';
import type * as z from 'zod/mini';
import { messages } from '../../shared/messages.js';
import type { Referrals } from '../../shared/schemas/billing.js';
import type {
  Profile,
  Settings,
  syncUserBody,
  updateProfileBody,
  updateSettingsBody,
} from '../../shared/schemas/profile.js';
import { settingsDefaults } from '../../shared/schemas/settings-defaults.js';
import { badRequest } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { isItemTooLarge, itemBytes, maxItemBytes } from '../data/item-size.js';
import { listMailboxes, toConnectedEmails } from '../data/mailbox.js';
import { listReferred } from '../data/referral.js';
import { getZoomConnection } from '../data/zoom-connection.js';
import { getUserProfile, setUserSettings, upsertUserProfile, type UserProfileItem } from '../data/user-profile.js';
import {
  claimOwnReferralCode,
  ensureReferralCodeClaimed,
  isNewAccount,
  rewardReferral,
  toReferrals,
} from './referrals.js';
import { continueDeletedAddress, type ReturningDeps } from './returning.js';

export type ProfilesDeps = {
  db: DataClient;
  now: () => Date;
  newReferralCode: () => string;
  /** a short-lived link to a stored document (presigned GET); '' when there is no file */
  documentUrl: (key: string) => Promise<string>;
};

/** What a sign-up needs besides: the keyed hash that recognises a deleted account's address (./returning.ts). */
export type SignUpDeps = ProfilesDeps & Pick<ReturningDeps, 'addressHash'>;

/** Who is calling, from the verified token only. */
export type Identity = { uid: string; email: string; name?: string; picture?: string };

const referralAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 8 characters without look-alikes (0/O, 1/I): about 10^12 codes. */
export const newReferralCode = () =>
  Array.from({ length: 8 }, () => referralAlphabet[randomInt(referralAlphabet.length)]).join('');

/** What a profile holds when it is first made (SPEC §3 new-user defaults); its referral code is claimed after. */
const creationDefaults = (deps: ProfilesDeps, identity: Identity) => {
  const now = deps.now().toISOString();
  return {
    email: identity.email,
    displayName: identity.name ?? '',
    createdAt: now,
    subscriptionTier: 'free' as const,
    subscriptionStatus: 'active' as const,
    referralCode: deps.newReferralCode(),
    settings: { ...settingsDefaults },
  };
};

/** A stored document's link, signed at read time: the item keeps the key, never a URL that would expire. */
const signedUrl = (deps: Pick<ProfilesDeps, 'documentUrl'>, key: string | undefined) =>
  key ? deps.documentUrl(key) : Promise.resolve('');

/** What the profile says of the user's connections (SPEC §3): `connectedEmails` and `zoomConnection`. */
export type ProfileConnections = Pick<Profile, 'connectedEmails' | 'zoomConnection'>;

const noConnections: ProfileConnections = { connectedEmails: [], zoomConnection: { isConnected: false } };

// the user's mailboxes (one Query) and Zoom connection (one GetItem), beside the profile's own call
const connectionsOf = async (db: DataClient, uid: string): Promise<ProfileConnections> => {
  const [mailboxes, zoom] = await Promise.all([listMailboxes(db, uid), getZoomConnection(db, uid)]);
  // connected while its grant works; an expired one (refreshError) asks the user to reconnect it
  return {
    connectedEmails: toConnectedEmails(mailboxes),
    zoomConnection: { isConnected: zoom?.refreshError === null },
  };
};

/** The wire shape of SPEC §3 with short-lived links to the stored documents (and the connections, when read). */
export const toProfileWithLinks = async (
  deps: Pick<ProfilesDeps, 'documentUrl'>,
  item: Partial<UserProfileItem> & { uid: string },
  connections: ProfileConnections = noConnections,
): Promise<Profile> => {
  const [resumeFileURL, coverLetterFileURL, backgroundFileURL, photoURL] = await Promise.all([
    signedUrl(deps, item.resumeFileKey),
    signedUrl(deps, item.coverLetterFileKey),
    signedUrl(deps, item.backgroundFileKey),
    // an uploaded photo wins over a picture from elsewhere (POST /api/profiles/photo clears that one anyway)
    item.photoKey ? signedUrl(deps, item.photoKey) : Promise.resolve(item.photoURL ?? ''),
  ]);
  return { ...toProfile(item), photoURL, resumeFileURL, coverLetterFileURL, backgroundFileURL, ...connections };
};

/** The wire shape of SPEC §3: every field present, missing ones at their defaults (links empty: toProfileWithLinks). */
export const toProfile = (item: Partial<UserProfileItem> & { uid: string }): Profile => ({
  uid: item.uid,
  email: item.email ?? '',
  displayName: item.displayName ?? '',
  firstName: item.firstName ?? '',
  lastName: item.lastName ?? '',
  photoURL: item.photoURL ?? '',
  bio: item.bio ?? '',
  jobTitle: item.jobTitle ?? '',
  company: item.company ?? '',
  location: item.location ?? '',
  careerInterests: item.careerInterests ?? '',
  generalAvailability: item.generalAvailability ?? '',
  availability: item.availability ?? '',
  networkingGoals: item.networkingGoals ?? '',
  networkingNotes: item.networkingNotes ?? '',
  background: item.background ?? '',
  goals: item.goals ?? '',
  resumeContent: item.resumeContent ?? '',
  resumeFileName: item.resumeFileName ?? '',
  resumeFileURL: '',
  resumeFileSize: item.resumeFileSize ?? 0,
  resumeLastUpdated: item.resumeLastUpdated ?? null,
  coverLetterContent: item.coverLetterContent ?? '',
  coverLetterCompany: item.coverLetterCompany ?? '',
  coverLetterFileName: item.coverLetterFileName ?? '',
  coverLetterFileURL: '',
  coverLetterFileSize: item.coverLetterFileSize ?? 0,
  coverLetterLastUpdated: item.coverLetterLastUpdated ?? null,
  backgroundFileName: item.backgroundFileName ?? '',
  backgroundFileURL: '',
  backgroundFileSize: item.backgroundFileSize ?? 0,
  backgroundLastUpdated: item.backgroundLastUpdated ?? null,
  normalizedSummary: item.normalizedSummary ?? '',
  normalizedAt: item.normalizedAt ?? null,
  subscriptionTier: item.subscriptionTier ?? 'free',
  subscriptionStatus: item.subscriptionStatus ?? 'active',
  subscriptionRenewalDate: item.subscriptionRenewalDate ?? null,
  referralCode: item.referralCode ?? '',
  referredByCode: item.referredByCode ?? null,
  settings: { ...settingsDefaults, ...item.settings },
  createdAt: item.createdAt ?? '',
  updatedAt: item.updatedAt ?? '',
  // the connections are read beside the profile (toProfileWithLinks)
  ...noConnections,
});

/** A profile over DynamoDB's 400 KB item limit cannot be stored; the user is told what to shorten. */
const profileTooLarge = () => badRequest(messages.profile.tooLarge);

/** A write that DynamoDB refused as too large (nothing was written) is the 400 of `profileTooLarge`. */
const refuseTooLarge = <T>(write: Promise<T>) =>
  write.catch((error: unknown) => {
    if (isItemTooLarge(error)) throw profileTooLarge();
    throw error;
  });

/**
 * Creates the profile if it is missing and applies `changes`, in one UpdateItem: the defaults go in with
 * `if_not_exists`, so a first call creates and a later one only changes what it names. Changes that could never fit
 * in one item are refused before any call; a profile they would make too large with what it holds already is
 * refused by DynamoDB, which writes nothing, and answered with the same 400.
 */
const upsertProfile = async (
  deps: ProfilesDeps,
  identity: Identity,
  changes: Partial<UserProfileItem>,
  keepIfPresent: Partial<UserProfileItem> = {},
  knownConnections?: ProfileConnections,
) => {
  if (itemBytes(changes) > maxItemBytes) throw profileTooLarge();
  const defaults = creationDefaults(deps, identity);
  // what `changes` names is set, not defaulted (DynamoDB refuses two actions on one attribute)
  const [data, connections] = await Promise.all([
    refuseTooLarge(
      upsertUserProfile(deps.db, identity.uid, {
        set: { ...changes, updatedAt: deps.now().toISOString() },
        setIfMissing: { ...defaults, ...keepIfPresent },
      }),
    ),
    knownConnections ?? connectionsOf(deps.db, identity.uid),
  ]);
  // made by this call (the new random code went in): its code is claimed, unique, or replaced by a free one. A crash
  // before the claim leaves it unclaimed; GET /api/referrals claims it before anyone can share it.
  if (data.referralCode === defaults.referralCode) {
    data.referralCode = await claimOwnReferralCode(deps, identity.uid, data.referralCode);
  }
  return toProfileWithLinks(deps, data, connections);
};

// the profile of a user (GetItem), its mailboxes (Query) and Zoom connection (GetItem), side by side; made with the
// defaults on first read
export const getProfile = async (deps: ProfilesDeps, identity: Identity) => {
  const [data, connections] = await Promise.all([
    getUserProfile(deps.db, identity.uid),
    connectionsOf(deps.db, identity.uid),
  ]);
  if (data) return toProfileWithLinks(deps, data, connections);
  return upsertProfile(deps, identity, {}, {}, connections);
};

/**
 * POST /api/users/sync-user (SPEC §7), and the PostConfirmation trigger: creates the profile with the new-user
 * defaults on first call, later refreshes e-mail, display name and the detected time zone. The e-mail comes from the verified token when it has one. A
 * referral code from sign-up data is kept once and never replaced.
 */
export const syncUser = async (deps: SignUpDeps, identity: Identity, body: z.infer<typeof syncUserBody>) => {
  const email = identity.email || body.email || '';
  const signup = body.signupData ?? {};
  const changes: Partial<UserProfileItem> = { email };
  if (body.displayName) changes.displayName = body.displayName;
  if (body.timeZone) changes.detectedTimeZone = body.timeZone;
  const keep: Partial<UserProfileItem> = {};
  if (signup.referralCode) keep.referredByCode = signup.referralCode.toUpperCase();
  if (signup.firstName) keep.firstName = signup.firstName;
  if (signup.lastName) keep.lastName = signup.lastName;
  // SPEC §3 photoURL: a Google sign-in's picture until the user uploads a photo or removes it ('' then stays)
  if (identity.picture) keep.photoURL = identity.picture;
  const profile = await upsertProfile(
    deps,
    { ...identity, email, name: body.displayName ?? identity.name },
    changes,
    keep,
  );
  // a new account of a deleted account's address continues its slot period and earns no welcome bonus
  // (./returning.ts), decided before its referral is
  const returning =
    isNewAccount(profile.createdAt, deps.now()) &&
    (await continueDeletedAddress(deps, { uid: profile.uid, email: profile.email }));
  /*
   * DESIGN §6 referral reward, at the first point that knows both the confirmed account and its code: the
   * PostConfirmation trigger when Cognito hands it the code (an e-mail sign-up's clientMetadata), else the first
   * sync-user after sign-in (a Google or Microsoft sign-up: the code waited in the browser across the hosted UI). Both
   * come here with the code as sign-up data; the reward is one idempotent transaction, so the second one grants
   * nothing. The code rewarded is the one the profile keeps (the first that arrived), never a later one.
   */
  if (signup.referralCode) {
    const name = profile.displayName || `${profile.firstName} ${profile.lastName}`.trim();
    await rewardReferral(
      deps,
      { uid: profile.uid, email: profile.email, name, createdAt: profile.createdAt, returning },
      profile.referredByCode ?? undefined,
    );
  }
  return profile;
};

/**
 * GET /api/referrals (DESIGN §8): the user's code (claimed, so it can be shared), its link on `webOrigin`, and the
 * people who signed up with it: the profile's code (GetItem), its claim (GetItem) and one Query of the REFERRED#
 * items. Names only, never the referred people's e-mail addresses.
 */
export const getReferrals = async (deps: ProfilesDeps, identity: Identity, webOrigin: string): Promise<Referrals> => {
  const stored = (await getUserProfile(deps.db, identity.uid, ['referralCode']))?.referralCode;
  // no profile yet (or one without a code): made or completed now, its new code claimed on the way
  const code = stored || (await upsertProfile(deps, identity, {})).referralCode;
  const [claimed, referred] = await Promise.all([
    ensureReferralCodeClaimed(deps, identity.uid, code),
    listReferred(deps.db, identity.uid),
  ]);
  return toReferrals(claimed, webOrigin, referred, deps.now());
};

/** PUT/POST /api/profiles: a partial update; `connectedEmails` is dropped (SPEC §5). */
export const updateProfile = async (
  deps: ProfilesDeps,
  identity: Identity,
  body: z.infer<typeof updateProfileBody>,
) => {
  const { connectedEmails: _ignored, ...fields } = body;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) throw badRequest(messages.profile.noValidFields);
  return upsertProfile(deps, identity, changes);
};

// settings of a user: read from the profile item, missing ones at their defaults
export const getSettings = async (deps: ProfilesDeps, identity: Identity): Promise<Settings> =>
  (await getProfile(deps, identity)).settings;

/** PUT /api/profiles/settings `{settings}`: changes only the named settings, in one UpdateItem per attempt. */
export const updateSettings = async (
  deps: ProfilesDeps,
  identity: Identity,
  body: z.infer<typeof updateSettingsBody>,
): Promise<Settings> => {
  const changes = Object.entries(body.settings).filter(([, value]) => value !== undefined) as [
    keyof Settings,
    Settings[keyof Settings],
  ][];
  if (changes.length === 0) throw badRequest(messages.profile.noValidFields);
  const settings = Object.fromEntries(changes) as Partial<Settings>;
  const updated =
    (await refuseTooLarge(setUserSettings(deps.db, identity.uid, settings, deps.now().toISOString()))) ??
    // no profile yet (a first request before sync-user): make it with the defaults, then apply the change
    (await getProfile(deps, identity).then(() =>
      refuseTooLarge(setUserSettings(deps.db, identity.uid, settings, deps.now().toISOString())),
    ));
  if (!updated) throw new Error('The profile disappeared while its settings were changed');
  return toProfile(updated).settings;
};
