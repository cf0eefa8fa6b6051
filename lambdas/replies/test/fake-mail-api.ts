import { randomUUID } from 'node:crypto';
import type { MailProvider } from '../../../shared/schemas/mailboxes.js';
import { type MailApi, MailApiFailure, type MailboxMessage } from '../../providers/mail/port.js';

/**
 * Tests only: one provider's mailboxes in memory, read as the MailApi port reads them: every message delivered bumps a
 * history number (Gmail's historyId; for Outlook it stands in for the delta link), `changesSince` answers what came
 * after a cursor (`not_found` once the cursor is older than `state.oldestCursor`), threads are read whole, `watch`
 * makes or renews push. `state.failWith` makes every call fail with it. `calls` counts calls by name.
 */
export const fakeMailApi = (provider: MailProvider, options: { now?: () => Date } = {}) => {
  const now = options.now ?? (() => new Date());
  const history: { at: number; message: MailboxMessage }[] = [];
  const state = {
    historyId: 1000,
    /** cursors below this are lost (Gmail: history 404; Graph: syncStateNotFound) */
    oldestCursor: 0,
    failWith: null as MailApiFailure | null,
    /** watch ids made, in order; `renewed` the ids renewed */
    watches: [] as { id: string; clientState?: string; topicName?: string; notificationUrl?: string }[],
    renewed: [] as string[],
  };
  const calls: string[] = [];
  const call = (name: string, accessToken: string) => {
    calls.push(name);
    if (!accessToken) throw new MailApiFailure('unauthorized', 'no token');
    if (state.failWith) throw state.failWith;
  };

  const api: MailApi = {
    provider,
    send: async () => {
      throw new Error('the reply tests send nothing');
    },
    findSent: async () => null,
    currentCursor: async (accessToken) => {
      call('currentCursor', accessToken);
      return String(state.historyId);
    },
    changesSince: async (accessToken, cursor, limit) => {
      call('changesSince', accessToken);
      const from = Number(cursor);
      if (!Number.isFinite(from) || from < state.oldestCursor) throw new MailApiFailure('not_found', 'cursor lost');
      const after = history.filter((entry) => entry.at > from).slice(0, limit);
      const next = after.length === limit ? after.at(-1)!.at : state.historyId;
      return { messages: after.map((entry) => entry.message), cursor: String(next) };
    },
    threadMessages: async (accessToken, threadId) => {
      call('threadMessages', accessToken);
      return history.filter((entry) => entry.message.threadId === threadId).map((entry) => entry.message);
    },
    watch: async (accessToken, input) => {
      call('watch', accessToken);
      const expiresAt = new Date(now().getTime() + (provider === 'gmail' ? 7 * 24 : 70) * 3600_000);
      if (input.renewId) {
        if (!state.watches.some((watch) => watch.id === input.renewId)) {
          throw new MailApiFailure('not_found', 'no such subscription');
        }
        state.renewed.push(input.renewId);
        return { id: input.renewId, expiresAt, cursor: null };
      }
      const id = provider === 'gmail' ? String(state.historyId) : `sub-${randomUUID()}`;
      state.watches.push({ id, ...input });
      return { id, expiresAt, cursor: String(state.historyId) };
    },
    unwatch: async (accessToken) => {
      call('unwatch', accessToken);
    },
  };

  /** A message arrives in the mailbox (a reply, a bounce, one the user sent...). */
  const deliver = (message: Partial<MailboxMessage> & Pick<MailboxMessage, 'threadId' | 'from'>): MailboxMessage => {
    state.historyId += 1;
    const full: MailboxMessage = {
      providerMessageId: `${provider}-${randomUUID()}`,
      messageId: `<${randomUUID()}@example.com>`,
      inReplyTo: null,
      references: [],
      to: [],
      subject: 'Re: Hello',
      body: 'Happy to talk.',
      receivedAt: now(),
      headers: {},
      ...message,
    };
    history.push({ at: state.historyId, message: full });
    return full;
  };

  return { api, state, calls, deliver };
};
