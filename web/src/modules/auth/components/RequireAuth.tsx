import { Button, Result } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../../../ui/FullPageSpinner';
import { loadAuthState, useAuth } from '../hooks/useAuth';

/**
 * Layout route of the signed-in pages (SPEC §2 'Protected routes'): renders them for a signed-in user; sends anyone
 * else to /login, remembering where they were going. Someone who just pressed Sign out goes to /signin instead.
 */
export const RequireAuth = () => {
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === 'authenticated') return <Outlet />;
  if (auth.status === 'unauthenticated') {
    return auth.signedOutByUser ? (
      <Navigate to="/signin" replace />
    ) : (
      <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />
    );
  }
  if (auth.status === 'error') {
    return (
      <Result
        status="warning"
        title="We could not check your session"
        subTitle={auth.error}
        extra={
          <Button type="primary" onClick={() => void loadAuthState()}>
            Try Again
          </Button>
        }
      />
    );
  }
  return <FullPageSpinner />;
};
