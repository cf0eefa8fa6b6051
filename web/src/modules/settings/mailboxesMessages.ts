/** The texts of the Mailboxes section of Settings; the expired texts are SPEC §2's, from the popover's catalogue. */
export const mailboxesMessages = {
  title: 'Mailboxes',
  description: 'The mailboxes Outreach sends from. Outreach e-mails go out from the default one.',
  listLabel: 'Mailboxes',
  defaultTag: 'Default',
  connected: 'Connected',
  checking: 'Checking your mailboxes…',
  makeDefault: 'Make default',
  reconnect: 'Reconnect',
  disconnect: 'Disconnect',
  disconnectTitle: (email: string) => `Disconnect ${email}?`,
  disconnectDescription: (provider: string) =>
    `Outreach stops sending from it and its access at ${provider} is revoked. You can connect it again later.`,
  cancel: 'Cancel',
  emptyTitle: 'No mailboxes connected',
  emptyDescription: 'Connect your email to start sending outreach messages',
  addAnother: 'Add another mailbox',
  loadFailed: 'Your mailboxes could not be loaded.',
  tryAgain: 'Try Again',
  madeDefault: (email: string) => `${email} is now your default mailbox`,
  disconnected: (email: string) => `${email} was disconnected`,
} as const;
