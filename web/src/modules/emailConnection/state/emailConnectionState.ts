import { proxy } from 'valtio';
import {
  connectionView,
  initialConnectionState,
  nextConnectionState,
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionView,
} from '@/modules/connections/state/connectionMachine';

export type EmailProvider = 'gmail' | 'outlook';

/** The mailbox as the server has it (the e-mail connection routes, DESIGN §8 'Mailboxes'). */
export type EmailAccount = { email: string; provider: EmailProvider };

/**
 * This browser's side of the e-mail connection (SPEC §3 'Connection store state'): where its flow stands (SPEC §4) and
 * the mailbox last authenticated here. The mailbox itself is the server's and comes from outside.
 */
export type EmailConnectionState = ConnectionState & {
  /** the mailbox last authenticated in this browser, offered while disconnected or expired */
  lastEmail: string | null;
};

const initialState = (): EmailConnectionState => ({ ...initialConnectionState(), lastEmail: null });

export const emailConnectionState = proxy<EmailConnectionState>(initialState());

export const providerLabels: Record<EmailProvider, string> = { gmail: 'Gmail', outlook: 'Outlook' };

/** Moves the connection on (SPEC §4); an event that does not apply now is ignored. */
export const sendEmailConnectionEvent = (event: ConnectionEvent) => {
  const next = nextConnectionState(emailConnectionState, event);
  if (next) Object.assign(emailConnectionState, next);
};

/** SPEC §4: an error shows as expired when a mailbox was connected here before, as disconnected otherwise. */
export const emailConnectionView = (
  state: Pick<EmailConnectionState, 'status' | 'settled' | 'lastEmail'>,
  account: EmailAccount | null,
): ConnectionView => connectionView(state, Boolean(account || state.lastEmail));

/** On sign-out (SPEC §4 'Logout ... resets ... e-mail connection'). */
export const resetEmailConnection = () => {
  Object.assign(emailConnectionState, initialState());
};
