/**
 * What other Lambda domains may use of meetings (biome.json: a domain reaches another only through its index.ts or
 * lambdas/data): the account's deletion disconnects the user's Zoom (the grant revoked at Zoom, best effort; the
 * connection and its Zoom user's link deleted).
 */
export { disconnectZoom, type ZoomDeps } from './zoom-connection.js';
