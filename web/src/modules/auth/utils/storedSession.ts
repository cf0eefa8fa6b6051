/**
 * Whether this browser holds a session of the app client (SPEC §2 'App shell': "token in local storage"), read
 * without loading Amplify: Amplify keeps `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` in local storage
 * while someone is signed in. Public routes use it to choose between the signed-out and signed-in variant of a path;
 * whether the session is still good is for the protected layout to find out.
 */
export const hasStoredSession = (
  userPoolClientId: string,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
) => {
  try {
    return Boolean(storage?.getItem(`CognitoIdentityServiceProvider.${userPoolClientId}.LastAuthUser`));
  } catch {
    // storage blocked (privacy settings): nobody is remembered
    return false;
  }
};
