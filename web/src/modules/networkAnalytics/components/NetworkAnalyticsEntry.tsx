import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type DashboardView, dashboardViewOf, searchForView } from '../utils/dashboardView';
import { AnalyticsSkeleton } from './AnalyticsSkeleton';
import './NetworkAnalyticsEntry.css';

// The charts (and their library) arrive when the analytics view first opens, never on the dashboard's first visit
const NetworkAnalyticsView = lazy(async () => ({
  default: (await import('./NetworkAnalyticsView')).NetworkAnalyticsView,
}));

const views: { view: DashboardView; label: string }[] = [
  { view: 'contacts', label: 'Contacts' },
  { view: 'analytics', label: 'Network analytics' },
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
  const [params] = useSearchParams();
  const current = dashboardViewOf(params);
  return (
    <>
      <nav aria-label="Dashboard view" className="dashboard-views">
        {views.map(({ view, label }) => (
          <Link
            key={view}
            to={{ search: searchForView(params, view) }}
            aria-current={view === current ? 'page' : undefined}
            className="dashboard-views__link"
          >
            {label}
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
