import { contactsPaths } from '@/lib/paths';
import { searchForView } from '@/modules/networkAnalytics/utils/dashboardView';

/**
 * The dashboard's network analytics view (web/src/modules/networkAnalytics draws it, `?view=analytics`), where the
 * summary's sending and reply counts lead: its charts of them, and Back leaves them.
 */
export const analyticsViewPath = `${contactsPaths.dashboard}${searchForView(new URLSearchParams(), 'analytics')}`;
