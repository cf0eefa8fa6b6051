import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { localCredentials, localNames } from '../ports.js';

/** A signed-up user of a local stack's pool with the ID token the web would send (from cognito-local itself). */
export type LocalUser = { email: string; sub: string; idToken: string };

/** An answer of the local gateway: the status and the envelope (null when the body is not JSON). */
export type ApiAnswer = {
  status: number;
  body: { success: boolean; data?: unknown; error?: string; code?: string } | null;
  text: string;
  ms: number;
};

export type ApiRequest = {
  /** sent as JSON unless `rawBody` is given */
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  query?: Record<string, string>;
  /** the `Authorization` header as it is; `token` sends `Bearer <token>` */
  authorization?: string;
  token?: string;
};

/**
 * Users of a local stack (infra/local/stack.ts) signed up and in as the web does: cognito-local with the pool's app
 * client and USER_PASSWORD_AUTH, so the gateway's authorizer checks real tokens. Local sign-ups are confirmed at once
 * and the post-confirmation trigger creates the profile (DESIGN §2).
 */
export const localUsers = (cognito: { endpoint: string; userPoolId: string; clientId: string }) => {
  const client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: localNames.region,
    credentials: localCredentials,
  });

  const signUpIn = async (clientId: string, label: string): Promise<LocalUser> => {
    const email = `${label}-${randomUUID().slice(0, 12)}@example.com`;
    const password = `Local-${randomUUID()}-1`;
    const signUp = await client.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: 'Ada Lovelace' },
        ],
      }),
    );
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (!signUp.UserSub || !AuthenticationResult?.IdToken) throw new Error(`cognito-local did not sign ${email} in`);
    return { email, sub: signUp.UserSub, idToken: AuthenticationResult.IdToken };
  };

  return {
    /** a new user of the stack's pool */
    signUp: (label = 'user') => signUpIn(cognito.clientId, label),
    /** a new user of another pool of the same emulator: a real token, signed by the same key, of the wrong pool */
    signUpInAnotherPool: async (label = 'stranger') => {
      const { UserPool } = await client.send(
        new CreateUserPoolCommand({ PoolName: `other-${randomUUID().slice(0, 8)}`, UsernameAttributes: ['email'] }),
      );
      const { UserPoolClient } = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: UserPool!.Id!,
          ClientName: 'other',
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        }),
      );
      return signUpIn(UserPoolClient!.ClientId!, label);
    },
    destroy: () => client.destroy(),
  };
};

/** Calls the local gateway at `apiUrl` as the web does. */
export const localApi =
  (apiUrl: string) =>
  async (method: string, path: string, request: ApiRequest = {}): Promise<ApiAnswer> => {
    const url = new URL(path, apiUrl);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.append(name, value);
    const authorization = request.authorization ?? (request.token ? `Bearer ${request.token}` : undefined);
    const payload = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
    const started = performance.now();
    const response = await fetch(url, {
      method,
      headers: {
        ...(payload !== undefined ? { 'Content-Type': request.contentType ?? 'application/json' } : {}),
        ...(authorization ? { Authorization: authorization } : {}),
      },
      ...(payload !== undefined ? { body: payload } : {}),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let body: ApiAnswer['body'] = null;
    try {
      body = JSON.parse(text) as ApiAnswer['body'];
    } catch {
      // not JSON: `body` stays null and the caller sees `text`
    }
    return { status: response.status, body, text, ms };
  };
