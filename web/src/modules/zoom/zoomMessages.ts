/** SPEC §2 'Zoom popover' texts. */
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
  /** while no connect flow is wired into this workspace */
  connectUnavailable: 'Zoom connections open once the Zoom app is connected to this workspace.',
} as const;
