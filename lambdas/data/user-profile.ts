import { GetCommand, UpdateCommand } from './dynamo.js';
import type { PlanTier, SubscriptionStatus } from '../../shared/constants.js';
import type { Settings } from '../../shared/schemas/profile.js';
import type { DataClient } from './client.js';
import { isConditionFailed } from './entity/condition.js';
import { itemExists, updateParams, type Placeholders, type UpdateSpec } from './expressions.js';
import { tenantKey } from './entity/keys.js';

/**
 * The user profile (SPEC §3 'User profile'), one item per user: `USER#<sub>` / `PROFILE`. Settings (SPEC §3 profile
 * and app settings) live on it as a map, so a profile read is one GetItem. Absent text fields read as ''.
 */
export type UserProfileItem = {
  uid: string;
  email: string;
  displayName?: string;
  firstName?: string;
  lastName?: string;
  /** a picture elsewhere (a Google sign-in's), or '' once the user removed their photo */
  photoURL?: string;
  /**
   * the uploaded photo's S3 key under `users/<sub>/photo/`; when set, `photoURL` is a link signed from it at read time
   * (the bucket stays private, and no user can name another's photo)
   */
  photoKey?: string;
  bio?: string;
  jobTitle?: string;
  company?: string;
  location?: string;
  careerInterests?: string;
  generalAvailability?: string;
  availability?: string;
  networkingGoals?: string;
  networkingNotes?: string;
  background?: string;
  goals?: string;
  resumeContent?: string;
  resumeFileName?: string;
  resumeFileURL?: string;
  /** the S3 key under `users/<sub>/`; the URL a reader gets is signed from it at read time */
  resumeFileKey?: string;
  resumeFileSize?: number;
  resumeLastUpdated?: string;
  coverLetterContent?: string;
  coverLetterCompany?: string;
  coverLetterFileName?: string;
  coverLetterFileURL?: string;
  coverLetterFileKey?: string;
  coverLetterFileSize?: number;
  coverLetterLastUpdated?: string;
  backgroundFileName?: string;
  backgroundFileKey?: string;
  backgroundFileSize?: number;
  backgroundLastUpdated?: string;
  /** POST /api/profiles/normalize: the compact summary AI drafting reads */
  normalizedSummary?: string;
  normalizedAt?: string;
  normalizedModel?: string;
  subscriptionTier: PlanTier;
  subscriptionStatus: SubscriptionStatus;
  subscriptionRenewalDate?: string;
  /** this user's own referral code (DESIGN §6) */
  referralCode: string;
  /** the code the user signed up with, kept from sign-up data; absent when none */
  referredByCode?: string;
  /** the browser's time zone at the last sign-in (the user's chosen one is `settings.timeZone`) */
  detectedTimeZone?: string;
  settings: Settings;
  /** written once, through if_not_exists in the profile upsert */
  createdAt: string;
  updatedAt: string;
};

/** What kind of record an item is (the account export names it). */
export const userProfileRecord = 'userProfile';

export const profileKey = (uid: string) => ({ pk: tenantKey(uid), sk: 'PROFILE' });

/** The stored item without its keys, as the services read it. */
const fromItem = (item: Record<string, unknown> | undefined, uid: string): UserProfileItem | null =>
  item ? ({ ...item, uid } as UserProfileItem) : null;

// the profile of a user (GetItem); null when there is none. `attributes` reads only those.
export const getUserProfile = async (db: DataClient, uid: string, attributes?: readonly (keyof UserProfileItem)[]) => {
  const { Item } = await db.documents.send(
    new GetCommand({
      TableName: db.table,
      Key: profileKey(uid),
      ...(attributes?.length
        ? {
            ProjectionExpression: attributes.map((_, index) => `#a${index}`).join(', '),
            ExpressionAttributeNames: Object.fromEntries(attributes.map((name, index) => [`#a${index}`, name])),
          }
        : {}),
    }),
  );
  return fromItem(Item, uid);
};

// create-or-change the profile of a user in one UpdateItem: `setIfMissing` only where the item has no value yet
export const upsertUserProfile = async (
  db: DataClient,
  uid: string,
  update: { set: Partial<UserProfileItem>; setIfMissing: Partial<UserProfileItem> },
): Promise<UserProfileItem> => {
  const { Attributes } = await db.documents.send(
    new UpdateCommand({
      ...updateParams(db.table, profileKey(uid), {
        set: update.set,
        setIfMissing: { ...update.setIfMissing, uid, entity: userProfileRecord },
      }),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem(Attributes, uid)!;
};

/**
 * A change to an existing profile; null when the user has no profile (nothing is written). `returns` says which
 * image comes back: the profile before the change or after it.
 */
const changeUserProfile = async (
  db: DataClient,
  uid: string,
  spec: UpdateSpec,
  returns: 'ALL_OLD' | 'ALL_NEW',
  condition: (p: Placeholders) => string = itemExists,
): Promise<UserProfileItem | null> => {
  try {
    const { Attributes } = await db.documents.send(
      new UpdateCommand({ ...updateParams(db.table, profileKey(uid), spec, condition), ReturnValues: returns }),
    );
    return fromItem(Attributes ?? {}, uid);
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
};

// some fields of an existing profile; answers the profile as it was before, or null when there is none
export const setUserProfileFields = (db: DataClient, uid: string, fields: Partial<UserProfileItem>) =>
  changeUserProfile(db, uid, { set: fields }, 'ALL_OLD');

/**
 * The subscription fields of an existing profile (SPEC §3), as the billing domain keeps them from Stripe;
 * a null renewal date (free, or the subscription ended) is removed. Null when the user has no profile.
 */
export const setSubscriptionFields = (
  db: DataClient,
  uid: string,
  fields: { tier: PlanTier; status: SubscriptionStatus; renewalDate: string | null; updatedAt: string },
) =>
  changeUserProfile(
    db,
    uid,
    {
      set: {
        subscriptionTier: fields.tier,
        subscriptionStatus: fields.status,
        updatedAt: fields.updatedAt,
        ...(fields.renewalDate ? { subscriptionRenewalDate: fields.renewalDate } : {}),
      },
      ...(fields.renewalDate ? {} : { remove: ['subscriptionRenewalDate'] }),
    },
    'ALL_NEW',
  );

/**
 * Some settings of an existing profile, each its own document path (so two tabs changing different settings both
 * win); answers the profile after the change, or null when there is none.
 */
export const setUserSettings = (db: DataClient, uid: string, settings: Partial<Settings>, updatedAt: string) =>
  changeUserProfile(
    db,
    uid,
    {
      set: {
        ...Object.fromEntries(Object.entries(settings).map(([name, value]) => [`settings.${name}`, value])),
        updatedAt,
      },
    },
    'ALL_NEW',
  );

/**
 * Clears a stored document's fields if the profile holds one of `heldIn` (non-empty); answers the profile before the
 * change, or null when it held none (nothing is written).
 */
export const clearUserDocument = (
  db: DataClient,
  uid: string,
  change: {
    set: Partial<UserProfileItem>;
    remove: readonly (keyof UserProfileItem)[];
    heldIn: readonly (keyof UserProfileItem)[];
  },
) =>
  changeUserProfile(db, uid, { set: change.set, remove: change.remove }, 'ALL_OLD', (p) => {
    const empty = p.value('');
    return change.heldIn
      .map((field) => `(attribute_exists(${p.name(field)}) AND ${p.name(field)} <> ${empty})`)
      .join(' OR ');
  });

/**
 * Keeps a profile summary unless one of a later read is stored already (so the newest read wins whatever finishes
 * last); false when a newer one is there or the profile is gone.
 */
export const storeProfileSummary = async (
  db: DataClient,
  uid: string,
  summary: { normalizedSummary: string; normalizedAt: string; normalizedModel: string },
) =>
  (await changeUserProfile(db, uid, { set: summary }, 'ALL_NEW', (p) => {
    const at = p.name('normalizedAt');
    return `${itemExists(p)} AND (attribute_not_exists(${at}) OR ${at} <= ${p.value(summary.normalizedAt)})`;
  })) !== null;

// forgets the profile summary (its content was removed)
export const clearProfileSummary = (db: DataClient, uid: string) =>
  changeUserProfile(
    db,
    uid,
    { set: { normalizedSummary: '', normalizedModel: '' }, remove: ['normalizedAt'] },
    'ALL_NEW',
  );

/**
 * Gives the profile another referral code if it still holds `seen` (its code turned out to be another user's, or an
 * old profile's code was never claimed); answers the profile after the change, or null when its code changed meanwhile.
 */
export const replaceReferralCode = (db: DataClient, uid: string, seen: string, code: string, updatedAt: string) =>
  changeUserProfile(
    db,
    uid,
    { set: { referralCode: code, updatedAt } },
    'ALL_NEW',
    (p) => `${p.name('referralCode')} = ${p.value(seen)}`,
  );
