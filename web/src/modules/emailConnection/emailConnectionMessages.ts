/** SPEC §2 'E-mail connection popover' texts. */
export const emailConnectionMessages = {
  title: 'Email Connection',
  connected: (email: string) => `Connected: ${email}`,
  changeEmail: 'Change Email',
  expiredTitle: 'Email Authentication Expired',
  expiredDescription: 'Your email connection has expired. Please reconnect to continue sending emails.',
  reconnect: 'Reconnect Email',
  disconnectedTitle: 'No email connected',
  lastAuthenticated: (email: string) => `Last authenticated with ${email}`,
  connectPrompt: 'Connect your email to start sending outreach messages',
  connectGmail: 'Connect Gmail',
  connectOutlook: 'Connect Outlook',
  pending: {
    updating: 'Updating email connection',
    reconnecting: 'Reconnecting email',
    loading: 'Loading email information',
  },
  /** while no connect flow is wired into this workspace */
  connectUnavailable: 'Mailbox connections open once the mail service is connected to this workspace.',
} as const;
