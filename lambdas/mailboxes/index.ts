/**
 * What other Lambda domains may use of mailboxes (biome.json: a domain reaches another only through its index.ts or
 * lambdas/data): the wiring of its dependencies, and for sending and reply checks a fresh
 * access token of a mailbox (renewed first when it is about to expire; an expired mailbox or a gone grant is the
 * HttpError 401 `invalid_grant`, a mailbox that is not the user's the 404) and marking one expired when the provider
 * refuses its token.
 */
export { mailboxesDepsFromEnv } from './deps.js';
export {
  connectionTokens as mailboxAccessToken,
  defaultConnectionTokens as defaultMailboxAccessToken,
  // the account's deletion: each mailbox's grant revoked at its provider (best effort), the mailbox deleted
  disconnect as disconnectMailbox,
  expireMailbox,
  getDefaultConnection as defaultMailbox,
  type MailboxesDeps,
} from './service.js';
/**
 * After a send (the drafts and meetings send workers): the mailbox on the reply-check fan-out, its first check queued
 * at once with `{queue}`, so push starts before the contact can answer.
 */
export { markMailboxActive } from './reply-checks.js';
