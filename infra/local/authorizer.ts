import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/** Verified ID-token claims, or null when the request must be refused with 401. */
export type Authorize = (authorization: string | undefined) => Promise<JwtPayload | null>;

const loopback = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//;

/**
 * The local twin of API Gateway's Cognito authorizer (DESIGN §2): the Authorization header holds an ID token, raw or
 * as `Bearer <token>`, issued by the local pool for the app client, signed by a key of the pool's JWKS and not
 * expired. aws-jwt-verify's Cognito verifier refuses `local_` pool ids and its default fetcher refuses http JWKS
 * (NOTES.md), so this is its RSA verifier with a fetch-based JWKS cache. cognito-local's signing key ships in its
 * package: only an issuer on this machine is ever accepted.
 */
export const createLocalAuthorizer = (options: { issuer: string; clientId: string; jwksUri: string }): Authorize => {
  if (!loopback.test(`${options.issuer}/`) || !loopback.test(options.jwksUri)) {
    throw new Error(`The local authorizer only trusts an emulator on this machine, not ${options.issuer}`);
  }
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
      audience: options.clientId,
      jwksUri: options.jwksUri,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('not an ID token');
      },
    },
    { jwksCache },
  );
  return async (authorization) => {
    const token = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!token) return null;
    try {
      return await verifier.verify(token);
    } catch {
      return null;
    }
  };
};
