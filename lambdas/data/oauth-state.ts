import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from './dynamo.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import type { Sealed } from '../providers/crypto/envelope.js';
import type { DataClient } from './client.js';
import { isConditionFailed, writtenIf } from './entity/condition.js';
import { tenantKey } from './entity/keys.js';

/** Who a sign-in is with: a mailbox provider, or Zoom. */
export type OAuthProvider = MailProvider | 'zoom';

/**
 * A mailbox or Zoom sign-in in progress (DESIGN §8 'Mailboxes': the state is single-use, bound to the user, expires
 * in 10 min; PKCE). Keyed by a hash of the state (`OAUTHSTATE#<sha256>`), so the table never holds a usable state;
 * the PKCE verifier is sealed (DESIGN §6). Taken with a conditional delete that answers the old item: of two
 * callbacks with one state, one gets it. The TTL removes forgotten ones eventually; the service refuses an old one
 * whatever the TTL did (DynamoDB deletes expired items up to days late).
 * Also `USER#<sub>` / `OAUTHPENDING#gmail`: the user's latest Gmail sign-in, for the legacy /exchange_google_code
 * that sends only a code.
 */
export type OAuthStateItem = {
  /** the user who started it: only theirs is the sign-in's end (DESIGN §9 for Zoom) */
  uid: string;
  provider: OAuthProvider;
  /** the web origin the sign-in started from */
  origin: string;
  redirectUri: string;
  /** the PKCE verifier, sealed */
  verifier: Sealed;
  createdAt: string;
};

export const oauthStateRecord = 'oauth-state';
/** The user's latest pending Gmail sign-in (legacy /exchange_google_code): machinery, not the owner's data. */
export const oauthPendingRecord = 'oauth-pending';

/** The state's digest: the key of its item, and what the pending pointer names. */
export const stateDigest = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');

const stateKey = (digest: string) => ({ pk: `OAUTHSTATE#${digest}`, sk: 'OAUTHSTATE' });
const pendingKey = (uid: string, provider: MailProvider) => ({
  pk: tenantKey(uid),
  sk: `OAUTHPENDING#${provider}`,
});

const fromItem = (item: Record<string, unknown>): OAuthStateItem => ({
  uid: String(item.uid),
  provider: item.provider as OAuthProvider,
  origin: String(item.origin),
  redirectUri: String(item.redirectUri),
  verifier: item.verifier as Sealed,
  createdAt: String(item.createdAt),
});

// a new sign-in's state, and for a mailbox the user's pending pointer to it (PutItems; `expiresAt` sets the TTLs);
// false when a sign-in of this state exists already (nothing was written)
export const createOAuthState = async (
  db: DataClient,
  state: string,
  item: OAuthStateItem,
  expiresAt: Date,
): Promise<boolean> => {
  const digest = stateDigest(state);
  const ttl = Math.ceil(expiresAt.getTime() / 1000);
  const written = await writtenIf(
    db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...stateKey(digest), entity: oauthStateRecord, ...item, ttl },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  // the pointer serves the legacy /exchange_google_code, which sends a code without its state; a Zoom exchange always
  // carries its state
  if (!written || item.provider === 'zoom') return written;
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...pendingKey(item.uid, item.provider),
        entity: oauthPendingRecord,
        digest,
        createdAt: item.createdAt,
        ttl,
      },
    }),
  );
  return true;
};

// takes a state (DeleteItem on the condition that it exists, answering the old item); null when unknown or taken
export const takeOAuthState = async (db: DataClient, digest: string): Promise<OAuthStateItem | null> => {
  try {
    const { Attributes } = await db.documents.send(
      new DeleteCommand({
        TableName: db.table,
        Key: stateKey(digest),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? fromItem(Attributes) : null;
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
};

// a sign-in in progress, left in place (GetItem, consistent); null when unknown or taken
export const readOAuthState = async (db: DataClient, digest: string): Promise<OAuthStateItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: stateKey(digest), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : null;
};

// the digest of the user's latest sign-in with a provider (GetItem, consistent); null when there is none
export const pendingOAuthDigest = async (db: DataClient, uid: string, provider: MailProvider) => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: pendingKey(uid, provider), ConsistentRead: true }),
  );
  return typeof Item?.digest === 'string' ? Item.digest : null;
};

// as createOAuthState, for states the server made (random, 256 bits): one that exists already is a failure
export const putOAuthState = async (db: DataClient, state: string, item: OAuthStateItem, expiresAt: Date) => {
  if (!(await createOAuthState(db, state, item, expiresAt))) throw new Error('A sign-in of this state exists already');
};
