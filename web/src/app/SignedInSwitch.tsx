import { Suspense, type ReactNode } from 'react';
import { hasStoredSession } from '@/modules/auth/utils/storedSession';
import { useWebConfig } from '@/modules/config/hooks/useWebConfig';
import { PageLoading } from './PageLoading';

export type SignedInSwitchProps = { signedIn: ReactNode; signedOut: ReactNode };

/**
 * One path, two audiences (SPEC §2: `/referrals`, unknown paths). Decided from the session stored in this browser,
 * without loading Amplify, so a signed-out visitor gets the public variant and none of the app's code.
 */
export const SignedInSwitch = ({ signedIn, signedOut }: SignedInSwitchProps) => {
  const { userPoolClientId } = useWebConfig();
  return <Suspense fallback={<PageLoading />}>{hasStoredSession(userPoolClientId) ? signedIn : signedOut}</Suspense>;
};
