/**
 * What other Lambda domains may use of mailboxes (biome.json: a domain reaches another only through its index.ts or
 * lambdas/data): the profile's `connectedEmails` (SPEC §3).
 */
export { toConnectedEmails } from './wire.js';
