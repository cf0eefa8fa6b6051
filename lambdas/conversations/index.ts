/**
 * What other domains use of conversations: the send worker records what it sent and asks how to thread
 * the next e-mail; the reply readers find a thread's conversation and record what came in; both honour and fill the
 * do-not-contact list and move contacts in the pipeline. Each takes the table's DataClient (lambdas/data/client.ts);
 * a conversation id the user does not have is a 404 HttpError where a function needs one.
 */
export type { Conversation, Notification } from '../../shared/schemas/conversations.js';
export type { PipelineStage } from '../../shared/schemas/pipeline.js';
export type { DoNotContactReason } from '../data/do-not-contact.js';
export type { IncomingEmail, SentEmail } from './record.js';
export {
  addDoNotContact,
  conversationByThread,
  getConversation,
  incomingEmail,
  isDoNotContact,
  moveContactStage,
  openConversations,
  recordIncomingEmail,
  recordSentEmail,
  threadingOf,
} from './record.js';
