import { plans, type SubscriptionStatus } from '@shared/constants';
import type { Profile, Settings } from '@shared/schemas/profile';
import { themeLabels } from '@/ui/theme/themePreference';

export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
};

export const planLabel = (profile: Pick<Profile, 'subscriptionTier'>) => plans[profile.subscriptionTier].label;

/** The name to greet a person with: display name, else first + last name, else the e-mail's local part. */
export const profileName = (profile: Pick<Profile, 'displayName' | 'firstName' | 'lastName' | 'email'>) =>
  profile.displayName.trim() ||
  [profile.firstName, profile.lastName].filter(Boolean).join(' ').trim() ||
  profile.email.split('@')[0] ||
  '';

const languageName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

const onOff = (value: boolean) => (value ? 'on' : 'off');

/** One line per settings group, for the overview. */
export const settingsSummary = (settings: Settings) => [
  { label: 'Time zone', value: settings.timeZone },
  { label: 'Language', value: languageName(settings.language) },
  { label: 'Theme', value: themeLabels[settings.theme] },
  { label: 'Meetings', value: `${settings.meetingDuration} minutes` },
  {
    label: 'Follow-ups',
    value: settings.autoFollowUp
      ? `Automatic, ${settings.followUpDelay} ${settings.followUpDelay === 1 ? 'day' : 'days'} after the first e-mail, at ${settings.followUpTime}`
      : 'Off',
  },
  { label: 'Resume in e-mails', value: settings.includeResume ? 'Included' : 'Not included' },
  {
    label: 'Notifications',
    value: `E-mail ${onOff(settings.emailNotifications)}, reminders ${onOff(settings.reminderNotifications)}`,
  },
];
