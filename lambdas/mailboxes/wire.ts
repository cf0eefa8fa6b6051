import type { ConnectedEmail, Connection } from '../../shared/schemas/mailboxes.js';
import type { MailboxItem, MailboxSet } from '../data/mailbox.js';

/** A mailbox as every route answers it (DESIGN §8): never a token. */
export const toConnection = (item: MailboxItem, defaultId: string | null): Connection => ({
  id: item.id,
  email: item.email,
  provider: item.provider,
  status: item.status,
  isDefault: item.id === defaultId,
  expiry: item.expiry,
  refreshError: item.refreshError,
  connectedAt: item.connectedAt,
  lastSynced: item.lastSynced,
});

/** A user's mailboxes, the default first, then the oldest first. */
export const toConnections = ({ mailboxes, defaultId }: MailboxSet): Connection[] =>
  [...mailboxes]
    .sort((a, b) => Number(b.id === defaultId) - Number(a.id === defaultId) || a.id.localeCompare(b.id))
    .map((item) => toConnection(item, defaultId));

/** The profile's `connectedEmails` (SPEC §3), the default first. */
export const toConnectedEmails = (set: MailboxSet): ConnectedEmail[] =>
  toConnections(set).map(
    ({ id, provider, email, isDefault, status, connectedAt, lastSynced, refreshError, expiry }) => ({
      id,
      provider,
      email,
      isDefault,
      status,
      connectedAt,
      lastSynced,
      refreshError,
      expiry,
    }),
  );
