import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/** The verified claims of an ID token, or null when it must be refused. */
export type VerifyIdToken = (token: string | undefined) => Promise<JwtPayload | null>;

export type IdTokenIssuer = {
  /** the user pool's issuer: `https://cognito-idp.<region>.amazonaws.com/<pool id>` in AWS, cognito-local's locally */
  issuer: string;
  /** the web app client's id (the ID token's `aud`) */
  audience: string;
  /** @default `${issuer}/.well-known/jwks.json` */
  jwksUri?: string;
};

/**
 * The Cognito authorizer's checks (DESIGN §2), for the live channel's `$connect`, where API Gateway's WebSocket API
 * has no Cognito authorizer and a browser cannot send a header: an ID token (`token_use: id`) of the pool's issuer,
 * for the app client, signed by a key of the pool's JWKS, not expired. aws-jwt-verify's RSA verifier (its Cognito one
 * refuses cognito-local's `local_` pool ids) with a fetch-based JWKS cache (its default fetcher refuses the emulator's
 * http JWKS, NOTES.md), so the same code runs in AWS and locally.
 */
export const createIdTokenVerifier = (options: IdTokenIssuer): VerifyIdToken => {
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        const response = await fetch(uri);
        if (!response.ok) throw new Error(`JWKS ${uri} answered ${response.status}`);
        return response.arrayBuffer();
      },
    },
  });
  const verifier = JwtRsaVerifier.create(
    {
      issuer: options.issuer,
      audience: options.audience,
      jwksUri: options.jwksUri ?? `${options.issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('not an ID token');
      },
    },
    { jwksCache },
  );
  return async (token) => {
    if (!token) return null;
    try {
      return await verifier.verify(token);
    } catch {
      return null;
    }
  };
};

/** The environment the stack gives the connection Lambda (infra/constructs/live.ts, infra/local/lambda-env.ts). */
export const idTokenIssuerFromEnv = (env: NodeJS.ProcessEnv = process.env): IdTokenIssuer => {
  const issuer = env.ID_TOKEN_ISSUER;
  const audience = env.ID_TOKEN_AUDIENCE;
  if (!issuer || !audience) {
    throw new Error('ID_TOKEN_ISSUER and ID_TOKEN_AUDIENCE are not set: the stack gives the live Lambda its user pool');
  }
  return { issuer, audience, ...(env.ID_TOKEN_JWKS_URI ? { jwksUri: env.ID_TOKEN_JWKS_URI } : {}) };
};
