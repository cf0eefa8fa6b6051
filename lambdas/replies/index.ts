/**
 * What other Lambda domains use of reply checks (biome.json: through this index.ts): a received e-mail's own words,
 * quotes left out (the AI's reply prompt reads the thread so: DESIGN §9). A send puts its mailbox on the reply-check
 * fan-out through the mailboxes domain (lambdas/mailboxes/reply-checks.ts), which sits below the domains that send.
 */
export { ownText } from './classify.js';
