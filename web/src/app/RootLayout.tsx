import { useEffect, useMemo, useRef } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { collectorUrlOf, configureAnalytics, trackPageView } from '@/modules/analytics/analytics';
import { useWebConfig } from '@/modules/config/hooks/useWebConfig';
import { emailConnectionPaths } from '@/lib/paths';
import { outlookPopupWindowName } from '@/modules/emailConnection/utils/outlookAuthMessages';

/**
 * Above every route: page-visit tracking (SPEC §2), the scroll position a visitor expects on navigation, and the
 * Outlook popup kept to its receiver.
 */
export const RootLayout = () => {
  const config = useWebConfig();
  const collectorUrl = collectorUrlOf(config);
  const { redditPixelId } = config;
  const analytics = useMemo(() => ({ collectorUrl, redditPixelId }), [collectorUrl, redditPixelId]);
  const { pathname, search } = useLocation();
  const trackedPath = useRef<string | null>(null);

  useEffect(() => configureAnalytics(analytics), [analytics]);
  // a visit is a path, not a re-render (nor StrictMode's second run of effects); SPEC §2's named events come with it
  useEffect(() => {
    if (trackedPath.current === pathname) return;
    trackedPath.current = pathname;
    trackPageView(pathname);
  }, [pathname]);

  // SPEC §2: the Outlook popup shows only its receiver, whatever path it was sent back to
  if (window.name === outlookPopupWindowName && pathname !== emailConnectionPaths.outlookAuth) {
    return <Navigate to={{ pathname: emailConnectionPaths.outlookAuth, search }} replace />;
  }

  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
};
