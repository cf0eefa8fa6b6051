/**
 * What other Lambda domains may use of profiles (biome.json: a domain reaches another only through its index.ts or
 * lambdas/data). The documents Lambda makes a new user's profile through it.
 */
export { getProfile, newReferralCode, syncUser, updateProfile, type Identity, type ProfilesDeps } from './service.js';
