import type { DataClient } from '../data/client.js';
import { contactEntity, contactUrlEntity, type ContactItem } from '../data/contact.js';
import { quotaEntity } from '../data/quota.js';
import { sharedProfileEntity, type SharedProfileItem } from '../data/shared-profile.js';
import { userProfileEntity } from '../data/user-profile.js';
import { Service } from 'electrodb';

/** The entities of the contacts domain over one client, built once per Lambda (STYLE §10). */
export const contactStore = (data: DataClient) => {
  const entities = {
    contacts: contactEntity(data),
    contactUrls: contactUrlEntity(data),
    sharedProfiles: sharedProfileEntity(data),
    quotas: quotaEntity(data),
  };
  return {
    data,
    ...entities,
    profiles: userProfileEntity(data),
    /** transactions over the contacts' entities (a contact, its URL claim and the quota in one write) */
    service: new Service(entities, data),
  };
};
export type ContactStore = ReturnType<typeof contactStore>;

/** The e-mail fields of a contact (SPEC §3) a lookup or a verification writes. */
export type ContactEmailFields = Partial<
  Pick<
    ContactItem,
    | 'email'
    | 'emailSource'
    | 'emailQevStatus'
    | 'emailQevReason'
    | 'emailVerifiedAt'
    | 'emailLookupStatus'
    | 'emailLookupAttempts'
    | 'emailLookupLastAttempt'
    | 'emailNotFoundConfidence'
    | 'emailPatternUsed'
  >
>;

/** The found address a shared profile keeps for the next user who adds that person. */
export type SharedEmailFields = Pick<SharedProfileItem, 'email' | 'emailQevStatus' | 'emailVerifiedAt' | 'emailPatternUsed'>;

const isConditionFailure = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' ||
    /conditional request failed/i.test(error.message) ||
    (error.cause instanceof Error && error.cause.name === 'ConditionalCheckFailedException'));

/** One contact of one user, or null (another user's id is simply not under this user's key). */
export const getContact = async (store: ContactStore, uid: string, contactId: string): Promise<ContactItem | null> => {
  const result = await store.contacts.get({ uid, contactId }).go();
  return result.data;
};

/** The shared profile of a canonical LinkedIn URL, or null. */
export const getSharedProfile = async (store: ContactStore, canonicalLinkedinUrl: string) =>
  (await store.sharedProfiles.get({ canonicalLinkedinUrl }).go()).data;

/**
 * Writes the e-mail fields of a contact only if its lookup attempt count is still `expectedAttempts`, so a redelivered
 * or concurrent message for a spent attempt changes nothing. Answers false when the contact is gone or the count moved.
 * `lastUpdated` moves too (the list's order).
 */
export const patchContactEmail = async (
  store: ContactStore,
  uid: string,
  contactId: string,
  fields: ContactEmailFields,
  options: { expectedAttempts: number; now?: Date },
): Promise<boolean> => {
  const lastUpdated = (options.now ?? new Date()).toISOString();
  try {
    await store.contacts
      .patch({ uid, contactId })
      .set({ ...fields, lastUpdated })
      .where((attr, { eq, notExists }) =>
        options.expectedAttempts === 0
          ? `${notExists(attr.emailLookupAttempts)} OR ${eq(attr.emailLookupAttempts, 0)}`
          : eq(attr.emailLookupAttempts, options.expectedAttempts),
      )
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Keeps a found, valid address on the shared profile (DESIGN §3); nothing when the profile does not exist. */
export const storeFoundEmail = async (
  store: ContactStore,
  canonicalLinkedinUrl: string,
  fields: SharedEmailFields,
  now: Date = new Date(),
): Promise<boolean> => {
  try {
    await store.sharedProfiles
      .patch({ canonicalLinkedinUrl })
      .set({ ...fields, updatedAt: now.toISOString() })
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

export { isConditionFailure };
