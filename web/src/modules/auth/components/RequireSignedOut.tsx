import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { contactsPaths } from '@/lib/paths';
import { FullPageSpinner } from '@/ui/FullPageSpinner';
import { useAuth } from '../hooks/useAuth';
import { returnPath } from '../utils/returnPath';

/**
 * Layout route of /signin, /login, /signup and /resetPassword (SPEC §2 'Sign-in routes'): a signed-in user goes to
 * /dashboard, or back to the page they were sent here from. This is also what moves someone on once sign-in
 * completes. While a sign-in is under way the form stays on screen (its button shows the progress).
 */
export const RequireSignedOut = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === 'authenticated')
    return <Navigate to={returnPath(location.state) ?? contactsPaths.dashboard} replace />;
  if (!auth.settled) return <FullPageSpinner label={t('loading')} />;
  return <Outlet />;
};
