import { i18n } from '@/i18n';

const minutesPerHour = 60;
const t = (key: string, values: Record<string, number>) => i18n.t(`networkAnalytics:replyTime.${key}`, values);
const minutesPerDay = 24 * minutesPerHour;

/**
 * A time to reply as people say it, to the minute and in at most two units: '45 min', '3 h 20 min', '2 d 4 h';
 * '< 1 min' under a minute; '—' without a reply to measure (null).
 */
export const formatReplyTime = (minutes: number | null) => {
  if (minutes === null || !Number.isFinite(minutes) || minutes < 0) return '—';
  const rounded = Math.round(minutes);
  if (rounded < 1) return t('underMinute', {});
  if (rounded < minutesPerHour) return t('minutes', { minutes: rounded });
  if (rounded < minutesPerDay) {
    const hours = Math.floor(rounded / minutesPerHour);
    const rest = rounded % minutesPerHour;
    return rest ? t('hoursMinutes', { hours, minutes: rest }) : t('hours', { hours });
  }
  // past a day the minutes no longer matter: whole hours
  const hoursTotal = Math.round(rounded / minutesPerHour);
  const days = Math.floor(hoursTotal / 24);
  const hours = hoursTotal % 24;
  return hours ? t('daysHours', { days, hours }) : t('days', { days });
};
