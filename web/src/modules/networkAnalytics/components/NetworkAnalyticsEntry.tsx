import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type DashboardView, dashboardViewOf, searchForView } from '../utils/dashboardView';
import { AnalyticsSkeleton } from './AnalyticsSkeleton';
import './NetworkAnalyticsEntry.css';

// The charts (and their library) arrive when the analytics view first opens, never on the dashboard's first visit
const NetworkAnalyticsView = lazy(async () => ({
  default: (await import('./NetworkAnalyticsView')).NetworkAnalyticsView,
}));

/** the switch's two views, each with its catalogue key */
const views: { view: DashboardView; labelKey: string }[] = [
  { view: 'contacts', labelKey: 'views.contacts' },
  { view: 'analytics', labelKey: 'title' },
];

export type NetworkAnalyticsEntryProps = {
  /** the contacts view (the contacts table), shown unless the URL asks for analytics */
  children: ReactNode;
};

/**
 * The dashboard's 'Contacts | Network analytics' switch, and below it the view the URL names (`?view=analytics`).
 * The switch is a pair of links: each view has its address, so Back, a reload or a shared link shows it again.
 */
export const NetworkAnalyticsEntry = ({ children }: NetworkAnalyticsEntryProps) => {
  const { t } = useTranslation('networkAnalytics');
  const [params] = useSearchParams();
  const current = dashboardViewOf(params);
  return (
    <>
      <nav aria-label={t('views.label')} className="dashboard-views">
        {views.map(({ view, labelKey }) => (
          <Link
            key={view}
            to={{ search: searchForView(params, view) }}
            aria-current={view === current ? 'page' : undefined}
            className="dashboard-views__link"
          >
            {t(labelKey)}
          </Link>
        ))}
      </nav>
      {current === 'analytics' ? (
        <Suspense fallback={<AnalyticsSkeleton />}>
          <NetworkAnalyticsView />
        </Suspense>
      ) : (
        children
      )}
    </>
  );
};
