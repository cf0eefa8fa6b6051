/**
 * The `purpose` of the encryption contexts this domain seals under (DESIGN §6): the stack allows its Lambdas data
 * keys of the KMS key under these purposes only (infra/stack.ts).
 */
export const sealedPurposes = {
  /** a mailbox's OAuth tokens, with the user and the mailbox */
  tokens: 'mailbox-tokens',
  /** a sign-in's PKCE verifier, with the user and the state's digest */
  verifier: 'oauth-verifier',
} as const;
