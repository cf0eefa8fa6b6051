import { Activity, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '@/modules/auth/hooks/useAuth';
import { PaymentFailedBanner } from '@/modules/billing/components/PaymentFailedBanner';
import { useZoomOAuthReturn } from '@/modules/zoom/hooks/useZoomOAuthReturn';
import { useIsNarrowScreen } from '../hooks/useIsNarrowScreen';
import { AppHeader } from './AppHeader';
import { AppSidebar } from './AppSidebar';
import { DesktopRequired } from './DesktopRequired';
import { ErrorBanner } from './ErrorBanner';
import './AppShell.css';

export type AppShellProps = {
  /** the page, when the shell is used as an element rather than as a layout route */
  children?: ReactNode;
};

/**
 * SPEC §2 'App shell': the light layout of every signed-in page (sidebar, header, the reply-check banner and the
 * page). Without a user it renders nothing; under 768 px it gives way to 'Desktop Required' (SPEC §1).
 * The app stays mounted behind it, hidden: a window narrowed for a moment and widened again (or Chromium's 1 px resize
 * during a full-page screenshot) finds the open dialog and the half-typed form as they were.
 */
export const AppShell = ({ children }: AppShellProps) => {
  const { user } = useAuth();
  const narrow = useIsNarrowScreen();
  // SPEC §2: a `code` on any signed-in page is Zoom sending the browser back
  useZoomOAuthReturn();

  if (!user) return null;

  return (
    <>
      {narrow ? <DesktopRequired /> : null}
      <Activity mode={narrow ? 'hidden' : 'visible'}>
        <div className="app-shell">
          <AppSidebar />
          <div className="app-shell__main">
            <AppHeader />
            <main className="app-content">
              <div className="app-content__inner">
                <ErrorBanner />
                <PaymentFailedBanner />
                {children ?? <Outlet />}
              </div>
            </main>
          </div>
        </div>
      </Activity>
    </>
  );
};
