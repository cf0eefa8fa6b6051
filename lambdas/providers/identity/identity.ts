import {
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
  type CognitoIdentityProviderClientConfig,
} from '@aws-sdk/client-cognito-identity-provider';

/**
 * The user directory (DESIGN §2): the Cognito user pool in AWS, cognito-local locally; the endpoint comes from the
 * SDK's own `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER`.
 */
export type UserDirectory = {
  /** Deletes a user by user name; one that is already gone counts as deleted, so a retry succeeds. */
  remove: (username: string) => Promise<void>;
};

/** The Cognito client of a Lambda, built once (STYLE §10). */
export const createCognitoClient = (config: CognitoIdentityProviderClientConfig = {}) =>
  new CognitoIdentityProviderClient({ maxAttempts: 3, ...config });

export const cognitoUserDirectory = (client: CognitoIdentityProviderClient, userPoolId: string): UserDirectory => ({
  remove: async (username) => {
    try {
      await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
    } catch (error) {
      if ((error as { name?: string }).name === 'UserNotFoundException') return;
      throw error;
    }
  },
});
