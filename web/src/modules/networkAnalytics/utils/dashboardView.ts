/**
 * The dashboard's two views: the contacts table, or network analytics at `/dashboard?view=analytics`
 * (its period in `&period=`). The view lives in the URL, so Back and a reload show the same one. This file is part of
 * the dashboard's first visit: it imports nothing.
 */
export type DashboardView = 'contacts' | 'analytics';

export const dashboardViewParam = 'view';
export const analyticsPeriodParam = 'period';

/** The view the URL names; anything but `analytics` is the contacts table. */
export const dashboardViewOf = (params: URLSearchParams): DashboardView =>
  params.get(dashboardViewParam) === 'analytics' ? 'analytics' : 'contacts';

/**
 * The search string of the dashboard showing `view`: the contacts table's own parameters (search, filters, sort)
 * are kept, so coming back to it finds them; the period goes with the analytics view.
 */
export const searchForView = (params: URLSearchParams, view: DashboardView) => {
  const next = new URLSearchParams(params);
  if (view === 'analytics') {
    next.set(dashboardViewParam, 'analytics');
  } else {
    next.delete(dashboardViewParam);
    next.delete(analyticsPeriodParam);
  }
  const search = next.toString();
  return search ? `?${search}` : '';
};
