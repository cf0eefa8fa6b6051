import { proxy } from 'valtio';

/** SPEC §4 'E-mail connection states'. */
export type EmailConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'expired' | 'error';
export type EmailProvider = 'gmail' | 'outlook';
/** SPEC §2 'Loading texts' of the popover: which work is under way. */
export type EmailConnectionPending = 'loading' | 'updating' | 'reconnecting';

export type EmailConnectionState = {
  status: EmailConnectionStatus;
  /** the connected mailbox */
  email: string | null;
  provider: EmailProvider | null;
  /** the mailbox last authenticated in this browser, offered while disconnected or expired */
  lastEmail: string | null;
  pending: EmailConnectionPending | null;
  error: string | null;
};

const initialState = (): EmailConnectionState => ({
  status: 'disconnected',
  email: null,
  provider: null,
  lastEmail: null,
  pending: null,
  error: null,
});

export const emailConnectionState = proxy<EmailConnectionState>(initialState());

export const providerLabels: Record<EmailProvider, string> = { gmail: 'Gmail', outlook: 'Outlook' };

/** The state the popover shows. */
export type EmailConnectionView = 'connected' | 'expired' | 'disconnected';

/**
 * SPEC §4: an error with a previous connection displays as expired, otherwise as disconnected; connecting shows the
 * state it started from (with its loading text on top).
 */
export const emailConnectionView = (
  state: Pick<EmailConnectionState, 'status' | 'email' | 'lastEmail'>,
): EmailConnectionView => {
  switch (state.status) {
    case 'connected':
    case 'expired':
    case 'disconnected':
      return state.status;
    case 'error':
    case 'connecting':
      return state.email || state.lastEmail ? 'expired' : 'disconnected';
  }
};

/** On sign-out (SPEC §4 'Logout ... resets ... e-mail connection'). */
export const resetEmailConnection = () => {
  Object.assign(emailConnectionState, initialState());
};
