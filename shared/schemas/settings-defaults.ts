import type { Settings } from './profile.js';

/** SPEC §3 'Profile settings' and 'App settings' with their defaults. */
export const settingsDefaults = {
  emailNotifications: false,
  reminderNotifications: false,
  timeZone: 'UTC',
  language: 'en',
  theme: 'light',
  meetingDuration: 30,
  includeResume: true,
  autoFollowUp: true,
  followUpDelay: 3,
  followUpTime: '09:00',
} as const satisfies Settings;
