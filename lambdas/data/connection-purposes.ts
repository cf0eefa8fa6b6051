/**
 * The `purpose` of the encryption contexts OAuth connections seal under (DESIGN §6), one table for every provider:
 * the stack allows each Lambda data keys of the KMS key under the purposes it needs only (infra/stack.ts).
 */
export const sealedPurposes = {
  /** a mailbox's OAuth tokens (Gmail, Outlook), with the user and the mailbox */
  mailboxTokens: 'mailbox-tokens',
  /** the Zoom connection's OAuth tokens, with the user and the connection */
  zoomTokens: 'zoom-tokens',
  /** a sign-in's PKCE verifier, with its state's digest (mailboxes and Zoom alike) */
  verifier: 'oauth-verifier',
} as const;
