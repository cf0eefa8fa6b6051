import { timePeriods } from '@shared/schemas/conversations';
import { i18n } from '@/i18n';
import { analyticsPeriodParam } from './dashboardView';

export type TimePeriod = (typeof timePeriods)[number];

/** The period switch's words, and what each period covers (the server's: the last 7, 30, 91 or 364 days). */
export const periodLabels = (period: TimePeriod) => ({
  label: i18n.t(`networkAnalytics:period.${period}.label`),
  span: i18n.t(`networkAnalytics:period.${period}.span`),
});

const isTimePeriod = (value: string | null): value is TimePeriod =>
  (timePeriods as readonly (string | null)[]).includes(value);

/** The period `?period=` names; the server's default (week) when it names none or something else. */
export const periodOf = (params: URLSearchParams): TimePeriod => {
  const value = params.get(analyticsPeriodParam);
  return isTimePeriod(value) ? value : 'week';
};

/** The URL's parameters showing `period`, everything else kept. */
export const paramsWithPeriod = (params: URLSearchParams, period: TimePeriod) => {
  const next = new URLSearchParams(params);
  next.set(analyticsPeriodParam, period);
  return next;
};
