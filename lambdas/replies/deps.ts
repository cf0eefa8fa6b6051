import { randomBytes } from 'node:crypto';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import type { Conversation, ConversationEmail, Notification } from '../../shared/schemas/conversations.js';
import type { PipelineStage } from '../../shared/schemas/pipeline.js';
import type { IncomingEmail } from '../conversations/index.js';
import type { DataClient } from '../data/client.js';
import type { MailboxesDeps } from '../mailboxes/index.js';
import type { RsvpMessage, RsvpOutcome } from '../meetings/index.js';
import type { Ai } from '../providers/ai/port.js';
import type { LivePort } from '../providers/live/port.js';
import type { MailApi } from '../providers/mail/port.js';
import type { QueuePort } from '../providers/queue/port.js';
import type { ReplySettings } from './settings.js';

/**
 * What reply checks use of the conversations and drafts domains (their index.ts exports; deps-env.ts wires them), as
 * arguments (STYLE §10) so a test can count and fail them.
 */
export type RepliesConversations = {
  getConversation: (db: DataClient, uid: string, id: string) => Promise<Conversation | null>;
  conversationByThread: (db: DataClient, uid: string, threadId: string) => Promise<Conversation | null>;
  threadingOf: (
    db: DataClient,
    uid: string,
    conversationId: string,
  ) => Promise<{ inReplyTo: string | null; references: string[] } | null>;
  openConversations: (db: DataClient, uid: string, mailboxId?: string, now?: Date) => Promise<Conversation[]>;
  /** idempotent by providerMessageId: `recorded` false on a repeat (nothing written) */
  /** the received e-mail of that provider message id in the conversation, or null */
  incomingEmail: (
    db: DataClient,
    uid: string,
    conversationId: string,
    providerMessageId: string,
  ) => Promise<ConversationEmail | null>;
  recordIncomingEmail: (
    db: DataClient,
    uid: string,
    conversationId: string,
    input: IncomingEmail,
  ) => Promise<{
    recorded: boolean;
    conversation: Conversation;
    notification: Notification | null;
    stage: PipelineStage | null;
  }>;
  addDoNotContact: (
    db: DataClient,
    uid: string,
    email: string,
    reason: 'bounce' | 'unsubscribe' | 'manual',
  ) => Promise<unknown>;
  /** archives the conversation's unsent scheduled follow-ups (H4); their ids */
  cancelFollowUps: (db: DataClient, uid: string, conversationId: string, now: Date) => Promise<string[]>;
  /** whether a Message-ID is the e-mail of a draft of the user's being sent or just sent (lambdas/drafts/index.ts) */
  answersDraftOf: (
    db: DataClient,
    uid: string,
    messageIds: readonly string[],
    scope: { mailboxId: string; since: Date },
  ) => Promise<boolean>;
};

/** What reply checks use of the meetings domain: recording a contact's answer to an invitation (an iTIP REPLY). */
export type RepliesMeetings = {
  /** idempotent by the message's provider id; a REPLY naming no meeting of `uid` changes nothing */
  recordRsvp: (db: DataClient, uid: string, message: RsvpMessage) => Promise<RsvpOutcome>;
};

export type ReplyDeps = {
  db: DataClient;
  /** a fresh access token of a mailbox, and marking one expired (lambdas/mailboxes/index.ts) */
  mailboxes: MailboxesDeps;
  mail: Record<MailProvider, MailApi>;
  conversations: RepliesConversations;
  meetings: RepliesMeetings;
  queue: QueuePort;
  live: LivePort;
  /** reads the label of a reply the headers do not decide (./triage.ts) */
  ai: Ai;
  settings: ReplySettings;
  now: () => Date;
  /** a Graph subscription's clientState: random, 32 bytes @default base64url of randomBytes(32) */
  newSecret: () => string;
  logger: Pick<Logger, 'warn' | 'info' | 'error'>;
};

export const newClientState = () => randomBytes(32).toString('base64url');
