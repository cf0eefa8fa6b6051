/**
 * The `purpose` of the encryption contexts the meetings domain seals under (DESIGN §6): the stack allows its Lambdas
 * data keys of the KMS key under these (and the mailboxes' tokens, which invitations are sent with) only.
 */
export const meetingsSealedPurposes = {
  /** the Zoom connection's OAuth tokens, with the user */
  zoomTokens: 'zoom-tokens',
  /** a Zoom sign-in's PKCE verifier, with the state's digest (the same purpose as a mailbox sign-in's) */
  verifier: 'oauth-verifier',
} as const;
