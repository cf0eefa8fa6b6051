import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { readConfig } from '../core/config.js';
import { identityFromClaims } from '../core/identity.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';
import { isAccountDeleted } from '../data/deleted-account.js';
import { normalizeReferralCode } from './referrals.js';
import * as profiles from './service.js';
import { now } from '../core/clock.js';

const config = readConfig();
const logger = createLogger('profiles');
const deps: profiles.SignUpDeps = {
  db: createDataClient(config.tableName),
  now,
  newReferralCode: profiles.newReferralCode,
  addressHash: keyedHashFromEnv(),
  documentUrl: async () => '',
};

/**
 * Cognito PostConfirmation trigger (DESIGN §2): the profile exists with the new-user defaults as soon as the account
 * is confirmed, before the web's first sync, and a referral it came with is rewarded (DESIGN §6). Password resets also
 * confirm; they change nothing here.
 */
export const handler = async (event: PostConfirmationTriggerEvent) => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  // Cognito's own attributes of the confirmed user: the same names as the ID token's claims
  const identity = identityFromClaims({ ...event.request.userAttributes, 'cognito:username': event.userName });
  if (!identity) throw new Error('PostConfirmation event without a sub');
  const { userId, email, name, picture } = identity;
  // DESIGN §6 "Your data": a deleted account gets nothing back, not even a profile (Cognito fails the confirmation)
  if (await isAccountDeleted(deps.db, userId)) throw new Error('This account was deleted');
  // an e-mail sign-up's `?ref=` code, handed to Cognito as clientMetadata by the web's signUp / confirmSignUp: the
  // profile keeps it and the referral is rewarded now (syncUser; the web's first sync-user repeats it harmlessly)
  const referralCode = normalizeReferralCode(event.request.clientMetadata?.referralCode);
  await profiles.syncUser(
    deps,
    { uid: userId, email, ...(name ? { name } : {}), ...(picture ? { picture } : {}) },
    referralCode ? { signupData: { referralCode } } : {},
  );
  logger.info('profile created on confirmation', { userId, referral: Boolean(referralCode) });
  return event;
};
