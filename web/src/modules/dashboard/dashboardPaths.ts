import { contactsPaths } from '@/modules/contacts/contactsPaths';

/**
 * The dashboard's network analytics view (web/src/modules/networkAnalytics draws it): the dashboard with
 * `view=analytics`, so the summary's sending and reply counts lead to their charts and Back leaves them.
 */
export const analyticsViewPath = `${contactsPaths.dashboard}?view=analytics`;
