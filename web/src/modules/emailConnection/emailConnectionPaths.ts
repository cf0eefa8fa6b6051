/** The OAuth receivers of the mailbox connect flows (SPEC §2 'Popup routes'). */
export const emailConnectionPaths = {
  outlookAuth: '/outlook-auth',
  gmailAuth: '/gmail-auth',
} as const;
