import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { loadCurrentUser } from '../api/amplifyAuth';
import { authState, setAuthError, setAuthLoading, setSignedIn, setSignedOut } from '../state/authState';
import { authErrorMessage } from '../utils/authErrorMessage';

/** Reads the session Amplify keeps in this browser into the auth store. */
export const loadAuthState = async () => {
  if (authState.status === 'loading') return;
  setAuthLoading();
  try {
    const user = await loadCurrentUser();
    if (user) setSignedIn(user);
    else setSignedOut();
  } catch (error) {
    setAuthError(authErrorMessage(error));
  }
};

/** The auth store, loaded from the stored session on first use. */
export const useAuth = () => {
  const auth = useSnapshot(authState);
  useEffect(() => {
    if (auth.status === 'initial') void loadAuthState();
  }, [auth.status]);
  return auth;
};
