import { phrasesFor } from './email-phrases.js';
import { promptFields } from './prompt-fields.js';
import type { SandboxOutreachEmail } from './outreach-email.js';

/**
 * The sandbox model's reply in a conversation (the `reply_email` JSON schema of lambdas/ai/email-prompt.ts):
 * deterministic and built from the prompt's labelled parts, answering the recipient's latest message (its last part).
 * A proposed time ('How about Thursday at 5pm CET?') is accepted by name, a question is thanked for and answered with
 * an offer to talk, anything else is thanked for; the user's instructions add a sentence. So a person trying the
 * product locally sees a reply that reads as an answer to what the contact wrote.
 */
const clock = String.raw`\d{1,2}(?::\d{2})?\s*(?:am|pm)?(?:\s+[A-Z]{2,5}\b)?`;
/** the ways a message names a time, the most precise first: a weekday (with its hour), a near day, an hour alone */
const timePhrases = [
  new RegExp(
    String.raw`\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b(?:\s+(?:at|from)\s+${clock})?`,
    'i',
  ),
  new RegExp(String.raw`\b(?:tomorrow|today|tonight)\b(?:\s+(?:at|from)\s+${clock})?`, 'i'),
  /\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b(?:\s+[A-Z]{2,5}\b)?|\b\d{1,2}:\d{2}\b/i,
  /\bnext week\b/i,
];

const sentencesOf = (text: string) =>
  (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? []
  ).map((part) => part.trim());
const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** 'How about Thursday at 5pm CET?' -> 'Thursday at 5pm CET'; null when the message names no time. */
export const proposedTime = (message: string) => {
  for (const phrase of timePhrases) {
    const found = phrase.exec(message.replace(/\s+/g, ' '))?.[0]?.trim();
    if (found) return found[0]!.toUpperCase() + found.slice(1);
  }
  return null;
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
  const say = phrasesFor(field('E-mail language'));
  const answer = followUp
    ? say.followUp(subject.replace(/^re:\s*/i, ''))
    : time
      ? say.acceptTime(time)
      : latest.includes('?')
        ? say.thanksForQuestion
        : say.thanks;
  const note = instructions ? `\n\n${withStop(sentencesOf(instructions)[0] ?? instructions)}` : '';
  return {
    subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
    body: [say.greeting(first), `${answer}${note}`, `${say.signOff}\n${sender}`.trimEnd()].join('\n\n'),
    placeholderAlternatives: [],
    strategy: followUp ? 'follow_up' : 'reply',
  };
};
