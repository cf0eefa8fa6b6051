import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { loadAuthState } from '../api/authSession';
import { authState } from '../state/authState';

export { loadAuthState } from '../api/authSession';

/** The auth store, loaded from the stored session on first use. */
export const useAuth = () => {
  const auth = useSnapshot(authState);
  useEffect(() => {
    if (auth.status === 'initial') void loadAuthState();
  }, [auth.status]);
  return auth;
};
