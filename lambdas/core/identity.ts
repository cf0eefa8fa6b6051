/**
 * Who is calling, as the verified claims of a Cognito ID token say (DESIGN §2). Built here only: the HTTP kit turns
 * API Gateway's `requestContext.authorizer.claims` into it and the Cognito triggers their user attributes, so the
 * user id is the verified `sub` everywhere and never something the request sent. A verified identity is not enough:
 * the HTTP kit and the Cognito triggers also refuse the `sub` of a deleted account (lambdas/data/deleted-account.ts),
 * whose ID tokens outlive its Cognito user.
 */
export type Identity = {
  /** the Cognito `sub` */
  userId: string;
  /** '' when the token has none, or one nobody verified */
  email: string;
  name?: string;
  /**
   * The picture of a Google sign-in (infra/constructs/auth.ts maps Google's `picture`), an https URL; absent
   * otherwise (Microsoft's is a Graph link that needs the user's token, an e-mail sign-up has none).
   */
  picture?: string;
  /**
   * The Cognito user name (`cognito:username`): the sub for e-mail sign-ups, `Google_...` or `Microsoft_...` for
   * federated users; what the user pool's admin calls take. @default the sub
   */
  username: string;
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** An https URL of at most 2,048 characters (SPEC §3 photoURL's shape), or undefined. */
const httpsUrl = (value: unknown) => {
  const url = text(value);
  if (!url || url.length > 2048 || !URL.canParse(url)) return undefined;
  return new URL(url).protocol === 'https:' ? url : undefined;
};

/**
 * The address, when someone verified it: Cognito for its own sign-ups (a code before confirmation), the provider for
 * a federated sign-in, as `email_verified` says (infra/constructs/auth.ts maps Google's own claim and Microsoft's
 * `xms_edov`: Microsoft's `email` is whatever a tenant's admin typed). A federated address without that word is not
 * taken, so nobody becomes the owner of an address by typing it into a directory.
 */
const verifiedEmail = (claims: Record<string, unknown>) => {
  const email = text(claims.email);
  const verified = claims.email_verified;
  if (!email || verified === false || verified === 'false') return '';
  if (verified === true || verified === 'true') return email;
  // `identities` is on every federated user's claims and attributes
  return claims.identities === undefined ? email : '';
};

/**
 * The identity of verified claims (API Gateway's Cognito authorizer passes every claim as a string; a Cognito
 * trigger's `userAttributes` have the same names), or `undefined` when there is no `sub` to trust.
 */
export const identityFromClaims = (claims: unknown): Identity | undefined => {
  if (typeof claims !== 'object' || claims === null) return undefined;
  const verified = claims as Record<string, unknown>;
  const userId = text(verified.sub);
  if (!userId) return undefined;
  const name = text(verified.name);
  const picture = httpsUrl(verified.picture);
  return {
    userId,
    email: verifiedEmail(verified),
    ...(name ? { name } : {}),
    ...(picture ? { picture } : {}),
    username: text(verified['cognito:username']) ?? userId,
  };
};
