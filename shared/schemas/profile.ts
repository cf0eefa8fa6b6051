import * as z from 'zod/mini';
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
    .check(z.minLength(1))
    .check(z.maxLength(64))
    .check(z.refine(isTimeZone, 'Unknown time zone'))
    .register(z.globalRegistry, { examples: ['Europe/London', 'America/New_York', 'Asia/Tokyo', 'UTC'] }),
);

export const settingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    emailNotifications: z.boolean(),
    reminderNotifications: z.boolean(),
    timeZone: timeZoneSchema,
    language: z.string().check(z.regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Expected a language code such as en or en-GB')),
    /** 'system' follows the device's light or dark appearance */
    theme: z.enum(['light', 'dark', 'system']),
    /** minutes */
    meetingDuration: z.int().check(z.gte(15), z.lte(240)),
    includeResume: z.boolean(),
    autoFollowUp: z.boolean(),
    /** days after the initial e-mail */
    followUpDelay: z.int().check(z.gte(1), z.lte(30)),
    /** HH:MM in the user's time zone */
    followUpTime: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time as HH:MM')),
  }),
);
export type Settings = z.infer<typeof settingsSchema>;

/** PUT /api/profiles/settings: `{settings}` with any subset of the fields. */
export const updateSettingsBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ settings: z.partial(settingsSchema) }),
);

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** The longest text a profile keeps of each document (the documents Lambda caps what it extracts at these). */
export const documentTextLimits = { resumeContent: 100_000, coverLetterContent: 100_000, background: 20_000 } as const;

/** The profile fields a user edits (SPEC §3 user profile). */
export const editableProfileSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    displayName: text(120),
    firstName: text(80),
    lastName: text(80),
    photoURL: z.union([z.url().check(z.maxLength(2048)), z.literal('')]),
    bio: text(2000),
    jobTitle: text(160),
    company: text(160),
    location: text(160),
    careerInterests: text(2000),
    generalAvailability: text(1000),
    availability: text(1000),
    networkingGoals: text(2000),
    networkingNotes: text(4000),
    background: text(documentTextLimits.background),
    goals: text(4000),
    resumeContent: text(documentTextLimits.resumeContent),
    coverLetterContent: text(documentTextLimits.coverLetterContent),
    coverLetterCompany: text(160),
  }),
);
export type EditableProfile = z.infer<typeof editableProfileSchema>;

/**
 * PUT/POST /api/profiles: a partial update. `connectedEmails` is accepted and ignored (SPEC §5: it is dropped from
 * the backend call); any other unknown field is refused.
 */
export const updateProfileBody = /* @__PURE__ */ lazySchema(() =>
  // strict as editableProfileSchema is: a partial or extended object keeps its base's unknown-key policy
  z.extend(z.partial(editableProfileSchema), { connectedEmails: z.optional(z.unknown()) }),
);

/** POST /api/users/sync-user (SPEC §7): time zone, or e-mail and display name plus sign-up data. */
export const syncUserBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    email: z.optional(z.email().check(z.maxLength(320))),
    displayName: z.optional(text(120)),
    timeZone: z.optional(timeZoneSchema),
    signupData: z.optional(
      z.strictObject({
        referralCode: z.optional(
          z
            .string()
            .check(z.trim())
            .check(z.regex(/^[A-Za-z0-9_-]{4,32}$/, 'Unknown referral code format')),
        ),
        firstName: z.optional(text(80)),
        lastName: z.optional(text(80)),
      }),
    ),
  }),
);

export const profileSchema = /* @__PURE__ */ lazySchema(() =>
  z.extend(editableProfileSchema, {
    uid: z.string(),
    email: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    resumeFileName: z.string(),
    resumeFileURL: z.string(),
    resumeFileSize: z.number(),
    resumeLastUpdated: z.nullable(z.string()),
    coverLetterFileName: z.string(),
    coverLetterFileURL: z.string(),
    coverLetterFileSize: z.number(),
    coverLetterLastUpdated: z.nullable(z.string()),
    /** the background file of `POST /process-file` (its text goes to `background`) */
    backgroundFileName: z.string(),
    backgroundFileURL: z.string(),
    backgroundFileSize: z.number(),
    backgroundLastUpdated: z.nullable(z.string()),
    /** `POST /api/profiles/normalize`: the compact summary AI drafting uses; empty until the first run */
    normalizedSummary: z.string(),
    normalizedAt: z.nullable(z.string()),
    subscriptionTier: z.enum(planTiers),
    subscriptionStatus: z.enum(subscriptionStatuses),
    subscriptionRenewalDate: z.nullable(z.string()),
    /** This user's own code for the referral link `/signup?ref=CODE` (DESIGN §6). */
    referralCode: z.string(),
    /** The code this user signed up with, kept from sign-up data. */
    referredByCode: z.nullable(z.string()),
    settings: settingsSchema,
    connectedEmails: z.array(z.unknown()),
    zoomConnection: z.object({ isConnected: z.boolean() }),
  }),
);
export type Profile = z.infer<typeof profileSchema>;
