import * as z from 'zod';
import { planTiers, subscriptionStatuses } from '../constants.js';
import { lazySchema } from '../lazy-schema.js';

export { settingsDefaults } from './settings-defaults.js';

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const timeZoneSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .min(1)
    .max(64)
    .refine(isTimeZone, 'Unknown time zone')
    // what the contract suite's generated requests take (JSON Schema cannot state the refinement)
    .meta({ examples: ['Europe/London', 'America/New_York', 'Asia/Tokyo', 'UTC'] }),
);

export const settingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    emailNotifications: z.boolean(),
    reminderNotifications: z.boolean(),
    timeZone: timeZoneSchema,
    language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Expected a language code such as en or en-GB'),
    /** 'system' follows the device's light or dark appearance */
    theme: z.enum(['light', 'dark', 'system']),
    /** minutes */
    meetingDuration: z.number().int().min(15).max(240),
    includeResume: z.boolean(),
    autoFollowUp: z.boolean(),
    /** days after the initial e-mail */
    followUpDelay: z.number().int().min(1).max(30),
    /** HH:MM in the user's time zone */
    followUpTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time as HH:MM'),
  }),
);
export type Settings = z.infer<typeof settingsSchema>;

/** PUT /api/profiles/settings: `{settings}` with any subset of the fields. */
export const updateSettingsBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ settings: settingsSchema.partial() }),
);

const text = (max: number) => z.string().trim().max(max);

/** The profile fields a user edits (SPEC §3 user profile). */
export const editableProfileSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    displayName: text(120),
    firstName: text(80),
    lastName: text(80),
    photoURL: z.union([z.url().max(2048), z.literal('')]),
    bio: text(2000),
    jobTitle: text(160),
    company: text(160),
    location: text(160),
    careerInterests: text(2000),
    generalAvailability: text(1000),
    availability: text(1000),
    networkingGoals: text(2000),
    networkingNotes: text(4000),
    background: text(20_000),
    goals: text(4000),
    resumeContent: text(100_000),
    coverLetterContent: text(100_000),
    coverLetterCompany: text(160),
  }),
);
export type EditableProfile = z.infer<typeof editableProfileSchema>;

/**
 * PUT/POST /api/profiles: a partial update. `connectedEmails` is accepted and ignored (SPEC §5: it is dropped from
 * the backend call); any other unknown field is refused.
 */
export const updateProfileBody = /* @__PURE__ */ lazySchema(() =>
  editableProfileSchema.partial().extend({ connectedEmails: z.unknown().optional() }).strict(),
);

/** POST /api/users/sync-user (SPEC §7): time zone, or e-mail and display name plus sign-up data. */
export const syncUserBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    email: z.email().max(320).optional(),
    displayName: text(120).optional(),
    timeZone: timeZoneSchema.optional(),
    signupData: z
      .strictObject({
        referralCode: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{4,32}$/, 'Unknown referral code format')
          .optional(),
        firstName: text(80).optional(),
        lastName: text(80).optional(),
      })
      .optional(),
  }),
);

export const profileSchema = /* @__PURE__ */ lazySchema(() =>
  editableProfileSchema.extend({
    uid: z.string(),
    email: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    resumeFileName: z.string(),
    resumeFileURL: z.string(),
    resumeFileSize: z.number(),
    resumeLastUpdated: z.string().nullable(),
    coverLetterFileName: z.string(),
    coverLetterFileURL: z.string(),
    coverLetterFileSize: z.number(),
    coverLetterLastUpdated: z.string().nullable(),
    /** the background file of `POST /process-file` (its text goes to `background`) */
    backgroundFileName: z.string(),
    backgroundFileURL: z.string(),
    backgroundFileSize: z.number(),
    backgroundLastUpdated: z.string().nullable(),
    /** `POST /api/profiles/normalize`: the compact summary AI drafting uses; empty until the first run */
    normalizedSummary: z.string(),
    normalizedAt: z.string().nullable(),
    subscriptionTier: z.enum(planTiers),
    subscriptionStatus: z.enum(subscriptionStatuses),
    subscriptionRenewalDate: z.string().nullable(),
    /** This user's own code for the referral link `/signup?ref=CODE` (DESIGN §6). */
    referralCode: z.string(),
    /** The code this user signed up with, kept from sign-up data. */
    referredByCode: z.string().nullable(),
    settings: settingsSchema,
    connectedEmails: z.array(z.unknown()),
    zoomConnection: z.object({ isConnected: z.boolean() }),
  }),
);
export type Profile = z.infer<typeof profileSchema>;
