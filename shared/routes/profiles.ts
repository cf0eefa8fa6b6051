import {
  profileSchema,
  settingsSchema,
  syncUserBody,
  updateProfileBody,
  updateSettingsBody,
} from '../schemas/profile.js';
import { referralsSchema } from '../schemas/billing.js';
import type { DomainRouteTable } from './route-spec.js';

/** The profiles Lambda's routes: SPEC §3 user profile, §7 'Profile'. */
export const profilesRoutes = {
  'POST /api/users/sync-user': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Create the profile on first sign-in (new-user defaults), later refresh e-mail, name and time zone',
    body: syncUserBody,
    response: profileSchema,
  },
  'GET /api/profiles': {
    domain: 'profiles',
    auth: 'user',
    summary: "The signed-in user's profile",
    response: profileSchema,
  },
  'PUT /api/profiles': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Partial update of the profile fields',
    body: updateProfileBody,
    response: profileSchema,
  },
  'POST /api/profiles': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Partial update of the profile fields (same as PUT)',
    body: updateProfileBody,
    response: profileSchema,
  },
  'GET /api/user/profile': {
    domain: 'profiles',
    auth: 'user',
    summary: "The signed-in user's profile (the spec's second path)",
    response: profileSchema,
  },
  'GET /api/profiles/settings': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Profile and app settings with their defaults',
    response: settingsSchema,
  },
  'PUT /api/profiles/settings': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Update some settings: body {settings}',
    body: updateSettingsBody,
    response: settingsSchema,
  },
  'GET /api/referrals': {
    domain: 'profiles',
    auth: 'user',
    summary: "The user's referral code and link, who signed up with it and the bonus slots earned",
    response: referralsSchema,
  },
} as const satisfies DomainRouteTable<'profiles'>;
