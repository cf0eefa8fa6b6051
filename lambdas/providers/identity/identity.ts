import type {
  CognitoIdentityProviderClient,
  CognitoIdentityProviderClientConfig,
} from '@aws-sdk/client-cognito-identity-provider';
import { clientOf, LazyClient } from '../lazy-client.js';

/** The Cognito SDK, imported when the directory is first used: only an account deletion needs it. */
const loadSdk = () => import('@aws-sdk/client-cognito-identity-provider');

/**
 * The user directory (DESIGN §2): the Cognito user pool in AWS, cognito-local locally; the endpoint comes from the
 * SDK's own `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER`.
 */
export type UserDirectory = {
  /** Deletes a user by user name; one that is already gone counts as deleted, so a retry succeeds. */
  remove: (username: string) => Promise<void>;
};

/**
 * The Cognito client of a Lambda, built once (STYLE §10), on first use: of the account Lambda's routes only the
 * deletion needs it, so an export never loads the SDK and a deletion's first request does.
 */
export const createCognitoClient = (config: CognitoIdentityProviderClientConfig = {}) =>
  new LazyClient(async () => new (await loadSdk()).CognitoIdentityProviderClient({ maxAttempts: 3, ...config }));

export const cognitoUserDirectory = (
  client: CognitoIdentityProviderClient | LazyClient<CognitoIdentityProviderClient>,
  userPoolId: string,
): UserDirectory => ({
  remove: async (username) => {
    const [{ AdminDeleteUserCommand }, cognito] = await Promise.all([loadSdk(), clientOf(client)]);
    try {
      await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
    } catch (error) {
      if ((error as { name?: string }).name === 'UserNotFoundException') return;
      throw error;
    }
  },
});
