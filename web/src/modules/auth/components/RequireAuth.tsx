import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { authPaths } from '@/lib/paths';
import { WorkspaceSkeleton } from '@/ui/WorkspaceSkeleton';
import { useAuth } from '../hooks/useAuth';

// Rarely seen, and antd's Result (with its illustrations) would weigh on every signed-in page's first load: it arrives
// when needed, the skeleton staying until then.
const SessionCheckFailed = lazy(async () => ({ default: (await import('./SessionCheckFailed')).SessionCheckFailed }));

export type RequireAuthProps = { children?: ReactNode };

/**
 * Layout of the signed-in pages (SPEC §2 'Protected routes'): renders them for a signed-in user; sends anyone else to
 * /login, remembering where they were going. Someone who just pressed Log Out goes to /signin instead. While the
 * session is read, the workspace skeleton shows ('Loading your workspace...').
 */
export const RequireAuth = ({ children }: RequireAuthProps) => {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === 'authenticated') return children ?? <Outlet />;
  if (auth.status === 'unauthenticated') {
    return auth.signedOutByUser ? (
      <Navigate to={authPaths.signIn} replace />
    ) : (
      <Navigate
        to={authPaths.login}
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  if (auth.status === 'error') {
    return (
      <Suspense fallback={<WorkspaceSkeleton label={t('loadingWorkspace')} />}>
        <SessionCheckFailed error={auth.error} />
      </Suspense>
    );
  }
  return <WorkspaceSkeleton label={t('loadingWorkspace')} />;
};
