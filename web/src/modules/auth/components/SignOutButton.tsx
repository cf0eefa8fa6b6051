import { App, Button } from 'antd';
import { useState } from 'react';
import { useAuthActions } from '../hooks/useAuthActions';
import { authErrorMessage } from '../utils/authErrorMessage';

/** Signs out (Amplify `signOut`, caches cleared); the protected layout then sends the person to /signin. */
export const SignOutButton = () => {
  const { signOut } = useAuthActions();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const handleClick = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch (error) {
      void message.error(authErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Button onClick={() => void handleClick()} loading={busy}>
      Sign out
    </Button>
  );
};
