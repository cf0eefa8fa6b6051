import { Entity, type EntityItem } from 'electrodb';
import type { DataClient } from './client.js';

const text = { type: 'string', default: '' } as const;
const bool = { type: 'boolean', required: true } as const;

/**
 * The user profile (SPEC §3 'User profile'), one item per user: `USER#<sub>` / `PROFILE`. Settings (SPEC §3 profile
 * and app settings) live on it as a typed map, so a profile read is one GetItem.
 */
export const userProfileEntity = (data: DataClient) =>
  new Entity(
    {
      model: { entity: 'userProfile', version: '1', service: 'outreach' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        email: { type: 'string', required: true },
        displayName: text,
        firstName: text,
        lastName: text,
        photoURL: text,
        bio: text,
        jobTitle: text,
        company: text,
        location: text,
        careerInterests: text,
        generalAvailability: text,
        availability: text,
        networkingGoals: text,
        networkingNotes: text,
        background: text,
        goals: text,
        resumeContent: text,
        resumeFileName: text,
        resumeFileURL: text,
        /** the S3 key under `users/<sub>/`; the URL a reader gets is signed from it at read time */
        resumeFileKey: text,
        resumeFileSize: { type: 'number', default: 0 },
        resumeLastUpdated: { type: 'string' },
        coverLetterContent: text,
        coverLetterCompany: text,
        coverLetterFileName: text,
        coverLetterFileURL: text,
        coverLetterFileKey: text,
        coverLetterFileSize: { type: 'number', default: 0 },
        coverLetterLastUpdated: { type: 'string' },
        backgroundFileName: text,
        backgroundFileKey: text,
        backgroundFileSize: { type: 'number', default: 0 },
        backgroundLastUpdated: { type: 'string' },
        /** POST /api/profiles/normalize: the compact summary AI drafting reads */
        normalizedSummary: text,
        normalizedAt: { type: 'string' },
        normalizedModel: text,
        subscriptionTier: { type: ['free', 'starter', 'pro'] as const, required: true },
        subscriptionStatus: {
          type: ['active', 'trialing', 'past_due', 'canceled', 'incomplete'] as const,
          required: true,
        },
        subscriptionRenewalDate: { type: 'string' },
        /** this user's own referral code (DESIGN §6) */
        referralCode: { type: 'string', required: true },
        /** the code the user signed up with, kept from sign-up data; absent when none */
        referredByCode: { type: 'string' },
        /** the browser's time zone at the last sign-in (the user's chosen one is `settings.timeZone`) */
        detectedTimeZone: { type: 'string' },
        settings: {
          type: 'map',
          required: true,
          properties: {
            emailNotifications: bool,
            reminderNotifications: bool,
            timeZone: { type: 'string', required: true },
            language: { type: 'string', required: true },
            theme: { type: ['light', 'dark'] as const, required: true },
            meetingDuration: { type: 'number', required: true },
            includeResume: bool,
            autoFollowUp: bool,
            followUpDelay: { type: 'number', required: true },
            followUpTime: { type: 'string', required: true },
          },
        },
        // written once, through if_not_exists in the profile upsert
        createdAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        // the profile of a user
        byUser: {
          pk: { field: 'pk', composite: ['uid'], template: 'USER#${uid}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
        },
      },
    },
    data,
  );

export type UserProfileEntity = ReturnType<typeof userProfileEntity>;
export type UserProfileItem = EntityItem<UserProfileEntity>;
