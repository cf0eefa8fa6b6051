import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { configureAnalytics, trackPageView } from '../modules/analytics/analytics';
import { useWebConfig } from '../modules/config/hooks/useWebConfig';

/** Above every route: page-visit tracking (SPEC §2) and the scroll position a visitor expects on navigation. */
export const RootLayout = () => {
  const { analytics } = useWebConfig();
  const { pathname } = useLocation();
  const trackedPath = useRef<string | null>(null);

  useEffect(() => configureAnalytics(analytics), [analytics]);
  // a visit is a path, not a re-render (nor StrictMode's second run of effects); SPEC §2's named events come with it
  useEffect(() => {
    if (trackedPath.current === pathname) return;
    trackedPath.current = pathname;
    trackPageView(pathname);
  }, [pathname]);

  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
};
