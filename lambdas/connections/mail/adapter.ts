import type { MailProvider, RefreshError } from '../../../shared/schemas/mailboxes.js';
import type { RenewalOutcome } from '../../core/renewals.js';
import type { TokenPair } from '../../data/connection.js';
import { openConnectionTokens, sealConnectionTokens } from '../sealing.js';
import { getMailbox, type MailboxItem, replaceMailbox } from '../../data/mailbox.js';
import type { DataKeyPort } from '../../providers/crypto/port.js';
import { type MailAuth, MailAuthFailure, type MailTokens } from '../../providers/mail/port.js';
import { type ConnectionAdapter, type ConnectionDeps, publishConnectionChanged } from '../adapter.js';
import { renewalWorstCaseMs } from '../rules.js';

/**
 * Gmail and Outlook: a mailbox is renewed the same way with either, over the mail sign-in port whose two vendors are
 * lambdas/providers/mail/google.ts and microsoft.ts. The provider may rotate the refresh token (the old one is kept
 * when it gives none) and names the scopes it granted.
 */
export type MailConnectionDeps = ConnectionDeps & {
  keys: DataKeyPort;
  mail: Record<MailProvider, Pick<MailAuth, 'refresh'>>;
};

/** A mailbox as it now is, and its tokens while it is connected. */
export type MailRenewal = { item: MailboxItem; tokens: TokenPair | null };

/** The mailbox was deleted while it was being changed (the mailboxes routes answer their 404). */
export class MailboxGone extends Error {
  override name = 'MailboxGone';
}

/** The grant is gone: the provider refused the refresh token, or the access token right after a refresh. */
export const isGrantGone = (error: unknown) =>
  error instanceof MailAuthFailure && (error.kind === 'invalid_grant' || error.kind === 'unauthorized');

export const openMailboxTokens = (deps: Pick<MailConnectionDeps, 'keys'>, item: MailboxItem) =>
  openConnectionTokens(deps.keys, item);

export const sealMailboxTokens = (
  deps: Pick<MailConnectionDeps, 'keys'>,
  item: Pick<MailboxItem, 'uid' | 'id' | 'provider'>,
  tokens: TokenPair,
) => sealConnectionTokens(deps.keys, item, tokens);

/**
 * Writes a changed mailbox and tells the tabs, answering it with `tokens`. A change made meanwhile (a reconnect,
 * another renewal) wins: the mailbox as it now is is answered instead, with its own tokens; MailboxGone when it was
 * deleted meanwhile.
 */
export const settleMailbox = async (
  deps: MailConnectionDeps,
  changed: MailboxItem,
  tokens: TokenPair | null,
): Promise<MailRenewal> => {
  if (await replaceMailbox(deps.db, changed)) {
    await publishConnectionChanged(deps, 'mailbox', changed.uid, changed.id);
    return { item: { ...changed, version: changed.version + 1 }, tokens };
  }
  const current = await getMailbox(deps.db, changed.uid, changed.id);
  if (!current) throw new MailboxGone(`Mailbox ${changed.id} was deleted meanwhile`);
  return { item: current, tokens: current.status === 'connected' ? await openMailboxTokens(deps, current) : null };
};

/**
 * Marks a mailbox expired (SPEC §4: a refreshError of invalid_grant means expired): off the due index, its tokens
 * kept until the user reconnects or disconnects it.
 */
export const expireMailboxItem = (
  deps: MailConnectionDeps,
  item: MailboxItem,
  reason: RefreshError = 'invalid_grant',
): Promise<MailRenewal> =>
  settleMailbox(deps, { ...item, status: 'expired', refreshError: reason, updatedAt: deps.now().toISOString() }, null);

/** The scopes of a token answer (space-separated), or none when it named none. */
export const scopesOf = (scope: string | undefined) => {
  const scopes = scope?.split(/\s+/).filter(Boolean);
  return scopes?.length ? scopes : undefined;
};

/**
 * Renews a mailbox's access token with its refresh token. A gone grant marks the mailbox expired (answered, not
 * thrown); a provider that is down changes nothing and throws its MailAuthFailure. Without a refresh token nothing can
 * renew it: expired.
 */
export const renewMailConnection = async (deps: MailConnectionDeps, item: MailboxItem): Promise<MailRenewal> => {
  const tokens = await openMailboxTokens(deps, item);
  if (!tokens.refreshToken) return expireMailboxItem(deps, item);
  let fresh: MailTokens;
  try {
    fresh = await deps.mail[item.provider].refresh(tokens.refreshToken, item.scopes);
  } catch (error) {
    if (isGrantGone(error)) return expireMailboxItem(deps, item);
    throw error;
  }
  const pair: TokenPair = { accessToken: fresh.accessToken, refreshToken: fresh.refreshToken ?? tokens.refreshToken };
  const scopes = scopesOf(fresh.scope);
  const renewed: MailboxItem = {
    ...item,
    status: 'connected',
    refreshError: null,
    expiry: fresh.expiresAt.toISOString(),
    renewable: true,
    updatedAt: deps.now().toISOString(),
    tokens: await sealMailboxTokens(deps, item, pair),
    ...(scopes ? { scopes } : {}),
  };
  return settleMailbox(deps, renewed, pair);
};

/** The adapter of one mail provider (`gmail` or `outlook`) for the token-refresh job. */
export const mailConnectionAdapter = (deps: MailConnectionDeps, provider: MailProvider): ConnectionAdapter => ({
  provider,
  worstCaseMs: renewalWorstCaseMs.mail,
  renewDue: async (due, cutoff): Promise<RenewalOutcome> => {
    const item = await getMailbox(deps.db, due.uid, due.id);
    if (item?.status !== 'connected' || !item.renewable || new Date(item.expiry) >= cutoff) return 'skipped';
    const renewal = await renewMailConnection(deps, item);
    return renewal.item.status === 'expired' ? 'expired' : 'renewed';
  },
  failureFields: (error) => ({
    error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
  }),
});
