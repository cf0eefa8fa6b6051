import type { Logger } from '@aws-lambda-powertools/logger';
import * as z from 'zod/mini';
import {
  type ConversationEmailKind,
  isoDay,
  type ReplyLabel,
  replyClassifications,
} from '../../shared/schemas/conversations.js';
import { AiFailure, type Ai } from '../providers/ai/port.js';
import type { MailboxMessage } from '../providers/mail/port.js';
import { headerLabel, ownText } from './classify.js';

/**
 * Reply triage (DESIGN §9): every received message of a conversation gets a label. The headers decide first
 * (./classify.ts `headerLabel`); otherwise the AI port answers with a structured label (JSON schema `reply_triage`,
 * strict), from the subject and the contact's own words (not the quoted e-mail). An out-of-office's return date is
 * the model's reading of the text, kept only when it is a real calendar day.
 *
 * A model that fails or answers nonsense never loses the message: it is recorded as `other` (`classifiedBy: model`)
 * and the reason is logged, never the text.
 */

/** The structured answer's JSON schema (structured outputs, strict: every field required, nullable instead). */
export const triageSchema = {
  name: 'reply_triage',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['classification', 'returnDate'],
    properties: {
      classification: { type: 'string', enum: [...replyClassifications] },
      returnDate: {
        type: ['string', 'null'],
        description: 'Out-of-office only: the first day the sender is back, YYYY-MM-DD; null when not stated',
      },
    },
  },
} as const;

const answerSchema = z.object({
  classification: z.enum(replyClassifications),
  returnDate: z.nullable(z.string()),
});

export const triageSystem = `You sort the answers to a person's outreach e-mails. Label the message with exactly one of:
interested (wants to talk, meet, or hear more), not_now (maybe later, not at the moment), referral (points to someone
else to contact), out_of_office (an automatic absence notice), unsubscribe (asks to hear no more), bounce (a delivery
failure report), other (anything else). Read it in whatever language it is written. For out_of_office give returnDate,
the first day the sender is back, as YYYY-MM-DD (the day after "until", or the stated return day; the year from the
message date when none is written); null when none is stated or for any other label.`;

/** Tokens enough for the answer's two short fields. */
const maxTokens = 60;
/** What of a long message the model reads: the contact's words come first. */
const maxPromptChars = 4000;

/** A YYYY-MM-DD that is a real calendar day, else undefined. */
export const validDay = (value: string | null | undefined) => {
  if (!value || !isoDay.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isFinite(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
};

const promptOf = (message: MailboxMessage, note: string | null) =>
  [
    `Message date: ${message.receivedAt.toISOString().slice(0, 10)}`,
    ...(note ? [note] : []),
    `Subject: ${message.subject}`,
    '',
    ownText(message.body).trim(),
  ]
    .join('\n')
    .slice(0, maxPromptChars);

/** Why the model gave no label: the port's kind and status (never the message's text, nor the answer's). */
const failureReason = (error: unknown) =>
  error instanceof AiFailure ? `${error.kind}: ${error.message}` : 'the answer was not a label';

export type Triaged = { kind: Exclude<ConversationEmailKind, 'sent'>; label: ReplyLabel };

/**
 * The label of a received message and the kind it is recorded as: a model's `out_of_office` is an auto-reply and its
 * `bounce` a bounce (not counted as replies, DESIGN §6), anything else it says is the contact's reply; the headers'
 * kind stays when the headers decided or the model failed.
 */
export const triage = async (
  deps: { ai: Ai; logger: Pick<Logger, 'warn'> },
  message: MailboxMessage,
  kind: Triaged['kind'],
  context: Record<string, string>,
): Promise<Triaged> => {
  const byHeaders = headerLabel(message);
  if (byHeaders?.classification === 'bounce') return { kind: 'bounce', label: byHeaders };
  const ask = async () => {
    const { text } = await deps.ai.complete({
      system: triageSystem,
      prompt: promptOf(message, byHeaders ? 'Its headers mark it as an automatic answer.' : null),
      maxTokens,
      schema: { name: triageSchema.name, schema: triageSchema.schema },
    });
    return answerSchema.parse(JSON.parse(text));
  };
  let answer: z.infer<typeof answerSchema>;
  try {
    answer = await ask();
  } catch (error) {
    deps.logger.warn(
      byHeaders
        ? 'an automatic answer was read without its return date'
        : 'a reply was not classified; recorded as other',
      { ...context, reason: failureReason(error) },
    );
    return { kind, label: byHeaders ?? { classification: 'other', classifiedBy: 'model' } };
  }
  if (byHeaders) {
    const returnDate = validDay(answer.returnDate);
    return { kind: 'auto_reply', label: { ...byHeaders, ...(returnDate ? { returnDate } : {}) } };
  }
  const { classification } = answer;
  const returnDate = classification === 'out_of_office' ? validDay(answer.returnDate) : undefined;
  return {
    kind: classification === 'out_of_office' ? 'auto_reply' : classification === 'bounce' ? 'bounce' : 'reply',
    label: { classification, classifiedBy: 'model', ...(returnDate ? { returnDate } : {}) },
  };
};
