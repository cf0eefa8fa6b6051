/** SPEC §2 'E-mail connection popover' and 'Gmail receiver page', SPEC §8 'Token health', 'Connection', 'Gmail receiver'. */
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
  /** SPEC §8 'Token health' (reading A's levels) */
  tokenHealth: {
    expired: 'Your email authentication has expired. Please reconnect your account.',
    critical: 'Your email authentication will expire very soon. Refreshing...',
    refresh: 'Your email authentication needs refreshing. This will happen automatically.',
    invalid_future: 'Your email authentication expiry date is invalid. Please reconnect your account.',
    valid: 'Your email authentication is valid.',
  },
  /** SPEC §8 'Connection' */
  errors: {
    reauthorize:
      'Your email connection needs to be re-authorized. The token has been invalidated or permissions revoked.',
    revoked: 'Permissions for this email connection have been revoked. Please re-authorize.',
    expired: 'Authentication expired. Please reconnect your account.',
    expiredShort: 'Authentication expired',
    generic: 'An error occurred',
    initFailed: 'Failed to initialize email connection state',
    oauthUrlFailed: (provider: 'Gmail' | 'Outlook') => `Failed to get OAuth URL from service for ${provider}`,
    invalidInitResponse: 'Invalid OAuth initiation response',
    popupBlocked: 'Failed to open Outlook authentication popup. Please check your browser popup blocker settings.',
    outlookDenied: 'Outlook authorization was denied. Please try again and grant the necessary permissions.',
    invalidRequest: 'Invalid authentication request. Please try reconnecting.',
    outlookFailed: 'Outlook authentication failed.',
    callbackError: 'Auth callback processing error',
  },
  /** SPEC §2 'Gmail receiver page', §8 'Gmail receiver' */
  gmailReceiver: {
    title: 'Gmail Authentication',
    notLoggedIn: 'Authentication error: Not logged in. Please return to the app and log in first.',
    missing: 'No authentication code received. Please try again.',
    couldNotRefresh: 'Authentication error: Could not refresh authentication. Please try again.',
    failed: 'Failed to complete authentication. Please try again.',
    waiting: (attempt: number, attempts: number) => `Waiting for authentication... (Attempt ${attempt}/${attempts})`,
    inProgress: (attempt: number, attempts: number) => `Authentication in progress... (Attempt ${attempt}/${attempts})`,
    errorOccurred: (message: string) => `An error occurred: ${message}`,
    returnToApp: 'Return to Application',
    /** once the code is exchanged, before the redirect back */
    success: (email: string) => `Gmail connected: ${email}. Taking you back...`,
  },
} as const;
