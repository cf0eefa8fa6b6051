/**
 * What other Lambda domains may use of profiles (biome.json: a domain reaches another only through its index.ts or
 * lambdas/data). The documents Lambda makes a new user's profile through it; the account domain's deletion remembers
 * the deleted address through it.
 */
export {
  getProfile,
  newReferralCode,
  syncUser,
  updateProfile,
  type Identity,
  type ProfilesDeps,
  type SignUpDeps,
} from './service.js';
/** A deleted account's address, remembered by its deletion (lambdas/account) so signing up again continues its period. */
export { addressFingerprint, rememberDeletedAddress } from './returning.js';
