import { describe, expect, it } from 'vitest';
import { proposedTime, replyEmailAnswer } from './openai-reply.js';

const thread = (latest: string, extra: string[] = []) =>
  [
    'Sender name: Ada Lovelace',
    'Recipient name: Grace Hopper',
    'Recipient first name: Grace',
    'E-mail to write: reply',
    ...extra,
    'Thread subject: Compilers',
    '### E-mail from the sender (2026-12-01)',
    'Dear Grace, may I ask you about compilers? Would Monday at 9am suit you?',
    "### Recipient's latest message (2026-12-02)",
    latest,
  ].join('\n\n');

describe("the sandbox model's reply", () => {
  it('accepts the time the contact proposed in their latest message, not one of an earlier e-mail', () => {
    const answer = replyEmailAnswer(thread('Happy to help. How about Thursday at 5pm CET?'));
    expect(answer).toEqual({
      subject: 'Re: Compilers',
      body: [
        'Hi Grace,',
        'Thank you for getting back to me. Thursday at 5pm CET works well for me; I have put it in my calendar and look forward to our conversation.',
        'Best regards,\nAda Lovelace',
      ].join('\n\n'),
      placeholderAlternatives: [],
      strategy: 'reply',
    });
  });

  it("thanks for a question or a note, and adds the user's instructions", () => {
    expect(replyEmailAnswer(thread('What would you like to know?')).body).toContain('and for your question');
    const noted = replyEmailAnswer(thread('Thanks for writing.', ['### Instructions', 'Mention my talk in Paris.']));
    expect(noted.body).toContain('Thank you for your reply');
    expect(noted.body).toContain('Mention my talk in Paris.');
  });

  it('answers in the language the prompt names', () => {
    const german = replyEmailAnswer(thread('Wie wäre es mit Thursday at 5pm CET?', ['E-mail language: German (de)']));
    expect(german.body).toBe(
      [
        'Hallo Grace,',
        'vielen Dank für Ihre Rückmeldung. Thursday at 5pm CET passt mir gut; ich habe es mir eingetragen und freue mich auf unser Gespräch.',
        'Viele Grüße\nAda Lovelace',
      ].join('\n\n'),
    );
    expect(replyEmailAnswer(thread('Merci.', ['E-mail language: French (fr)'])).body).toMatch(/^Bonjour Grace,/);
  });

  it('names the time the message proposes, the most precise it names', () => {
    expect(proposedTime('Sure. Would Friday at 10:30 work for you?')).toBe('Friday at 10:30');
    expect(proposedTime('Shall we meet tomorrow at 3pm?')).toBe('Tomorrow at 3pm');
    expect(proposedTime('Happy to talk next week, does Tuesday suit you?')).toBe('Tuesday');
    expect(proposedTime('Thanks, no time for now.')).toBeNull();
  });
});
