import { promptFields } from './openai.js';
import type { SandboxOutreachEmail } from './outreach-email.js';

/**
 * The sandbox model's reply in a conversation (the `reply_email` JSON schema of lambdas/ai/email-prompt.ts):
 * deterministic and built from the prompt's labelled parts, answering the recipient's latest message (its last part).
 * A proposed time ('How about Thursday at 5pm CET?') is accepted by name, a question is thanked for and answered with
 * an offer to talk, anything else is thanked for; the user's instructions add a sentence. So a person trying the
 * product locally sees a reply that reads as an answer to what the contact wrote.
 */
const days = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|next week';
const timeWords = new RegExp(`\\b(${days})\\b|\\b\\d{1,2}(:\\d{2})?\\s*(am|pm)\\b|\\b\\d{1,2}:\\d{2}\\b`, 'i');

const sentencesOf = (text: string) =>
  (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? []
  ).map((part) => part.trim());
const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** 'How about Thursday at 5pm CET?' -> 'Thursday at 5pm CET'; null when no sentence names a time. */
export const proposedTime = (message: string) => {
  const sentence = sentencesOf(message).find((candidate) => timeWords.test(candidate));
  if (!sentence) return null;
  const proposal = sentence
    .replace(/[?!.]+$/, '')
    .replace(
      /^(how about|what about|would|could|can|shall we (meet|talk|speak|chat)( on)?|are you (free|available)( on)?|does|is)\s+/i,
      '',
    )
    .replace(/\s+(work|suit|be ok|be okay|be fine)( for you)?$/i, '')
    .trim();
  return proposal ? proposal[0]!.toUpperCase() + proposal.slice(1) : null;
};

export const replyEmailAnswer = (prompt: string): SandboxOutreachEmail => {
  const fields = promptFields(prompt);
  const field = (label: string) =>
    fields.find((part) => part.label.toLowerCase() === label.toLowerCase())?.text.trim() ?? '';
  const sender = field('Sender name');
  const first = field('Recipient first name') || field('Recipient name').split(/\s+/)[0] || '';
  const subject = field('Thread subject');
  const instructions = field('Instructions');
  const followUp = field('E-mail to write') === 'follow-up';
  const latest = fields.findLast((part) => /^recipient's latest message/i.test(part.label))?.text ?? '';

  const time = proposedTime(latest);
  const answer = followUp
    ? `I wanted to follow up on my last e-mail${subject ? ` about ${subject.replace(/^re:\s*/i, '')}` : ''}. Would you have a few minutes to talk in the coming weeks?`
    : time
      ? `Thank you for getting back to me. ${time} works well for me; I have put it in my calendar and look forward to our conversation.`
      : latest.includes('?')
        ? "Thank you for getting back to me, and for your question. I'd be glad to tell you more; would a short call this week suit you?"
        : 'Thank you for your reply; I really appreciate you taking the time.';
  const note = instructions ? `\n\n${withStop(sentencesOf(instructions)[0] ?? instructions)}` : '';
  return {
    subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
    body: [`Hi ${first || 'there'},`, `${answer}${note}`, `Best regards,\n${sender}`.trimEnd()].join('\n\n'),
    placeholderAlternatives: [],
    strategy: followUp ? 'follow_up' : 'reply',
  };
};
