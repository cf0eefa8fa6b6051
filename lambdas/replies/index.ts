/**
 * What other Lambda domains use of reply checks (biome.json: through this index.ts): the send worker puts a mailbox
 * on the reply-check fan-out after a send (coord: `markMailboxActive(db, uid, mailboxId, provider, now)`; with
 * `{queue}` its first check is queued at once, so push starts before the contact can answer).
 */
export { markMailboxActive } from './check.js';

/** A received e-mail's own words, quotes left out (the AI's reply prompt reads the thread so: DESIGN §9). */
export { ownText } from './classify.js';
