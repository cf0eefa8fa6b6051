/**
 * What other Lambda domains may use of meetings (biome.json: a domain reaches another only through its index.ts or
 * lambdas/data): the account's deletion disconnects the user's Zoom (the grant revoked at Zoom, best effort; the
 * connection and its Zoom user's link deleted); reply checks read the contact's answers to invitations (iTIP REPLY).
 */
export { disconnectZoom, type ZoomDeps } from './zoom-connection.js';
export { invitationUid } from './invitation.js';
export { type ItipReply, parseItipReply } from './itip-reply.js';
export { recordRsvp, type RsvpMessage, type RsvpOutcome } from './rsvp.js';
