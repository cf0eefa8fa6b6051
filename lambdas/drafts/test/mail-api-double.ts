import type { MailProvider } from '../../../shared/schemas/mailboxes.js';
import { type MailApi, MailApiFailure, type OutgoingMail, type SentMail } from '../../providers/mail/port.js';

/** What the next `send` does: take the e-mail, take it and then fail as a timeout would, or refuse it. */
export type NextSend = 'accept' | 'acceptThenFail' | MailApiFailure;

/**
 * Tests only: a provider's mailbox in memory with the two calls sending makes (`send`, `findSent`), behaving as the
 * adapters do on the points the worker relies on: a sent e-mail keeps its Message-ID and can be found by it; `script`
 * makes the next sends fail (a MailApiFailure as the adapter maps it, or a send the provider took although the answer
 * never came back). Every other call is not sending's and throws.
 */
export const mailApiDouble = (provider: MailProvider, now: () => Date) => {
  const sent: { accessToken: string; mail: OutgoingMail; result: SentMail }[] = [];
  const calls: string[] = [];
  const script: NextSend[] = [];
  const unused = async (): Promise<never> => {
    throw new Error('not a call of sending');
  };
  const api: MailApi = {
    provider,
    send: async (accessToken, mail) => {
      calls.push('send');
      const next = script.shift() ?? 'accept';
      if (next instanceof MailApiFailure) throw next;
      const count = sent.length + 1;
      const result: SentMail = {
        providerMessageId: `${provider}-message-${count}`,
        threadId: mail.threadId ?? `${provider}-thread-${count}`,
        messageId: mail.messageId,
        sentAt: now(),
      };
      sent.push({ accessToken, mail, result });
      if (next === 'acceptThenFail') throw new MailApiFailure('unavailable', 'the answer never came back');
      return result;
    },
    findSent: async (_accessToken, messageId) => {
      calls.push('findSent');
      return sent.find((item) => item.mail.messageId === messageId)?.result ?? null;
    },
    currentCursor: unused,
    changesSince: unused,
    threadMessages: unused,
    watch: unused,
    unwatch: unused,
  };
  return { api, sent, calls, script };
};
