/**
 * SPEC §2 'Zoom popover' and SPEC §8 'Zoom' texts. `exchangeFailed` is also the server's (shared/schemas/meetings.ts,
 * not imported: its zod would come along into the bundle; the hook's test holds the two equal).
 */
export const zoomMessages = {
  title: 'Zoom Connection',
  connected: (email: string) => `Connected: ${email}`,
  tokenExpiresAt: (date: string) => `Token expires at ${date}`,
  disconnect: 'Disconnect Zoom',
  expiredTitle: 'Zoom Authentication Expired',
  expiredDescription: 'Reconnect your Zoom account to continue.',
  reconnect: 'Reconnect Zoom',
  disconnectedTitle: 'No Zoom account connected',
  disconnectedDescription: 'Connect your Zoom to auto-generate meeting links.',
  connect: 'Connect Zoom',
  pending: {
    updating: 'Updating Zoom connection',
    reconnecting: 'Reconnecting Zoom',
    loading: 'Loading Zoom info',
  },
  /** SPEC §8: the code could not be exchanged (or its state was not this tab's): error state, reconnect required */
  exchangeFailed: 'Zoom OAuth exchange failed.',
  /** SPEC §8: the connection could not be read */
  initFailed: 'Failed to initialize Zoom connection.',
} as const;
