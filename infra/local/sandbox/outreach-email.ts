import { phrasesFor } from './email-phrases.js';
import { promptFields } from './prompt-fields.js';

/**
 * The sandbox model's outreach e-mail (the `outreach_email` JSON schema of lambdas/ai/email-prompt.ts): deterministic
 * and built from the prompt's labelled fields, so what the user wrote about themselves and what is known of the
 * contact shows in the e-mail. With a template its subject and body are kept, and a `{{placeholder}}` still in it
 * stays as it is, offered with alternatives (the spots the model could not fill).
 */
export type SandboxOutreachEmail = {
  subject: string;
  body: string;
  placeholderAlternatives: { placeholder: string; alternatives: string[] }[];
  strategy: string;
};

const alternativesOf: Record<string, string[]> = {
  firstName: ['there', 'team'],
  lastName: ['', ''],
  fullName: ['there', 'team'],
  company: ['your company', 'your team'],
  jobTitle: ['your role', 'your work'],
  school: ['your university', 'your alma mater'],
  myFirstName: ['me'],
  myName: ['me'],
  myCompany: ['my company', 'my team'],
  myJobTitle: ['my role', 'my work'],
};

const sentences = (text: string, count: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const found = flat.match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? [flat];
  return found.slice(0, count).join('').trim();
};

const bullets = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.replace(/^\s*[-*]\s*/, '').trim())
    .filter((line) => line !== '');

const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export const outreachEmailAnswer = (prompt: string): SandboxOutreachEmail => {
  const fields = new Map<string, string>();
  for (const { label, text } of promptFields(prompt)) {
    fields.set(
      label.toLowerCase(),
      fields.has(label.toLowerCase()) ? `${fields.get(label.toLowerCase())}\n${text}` : text,
    );
  }
  const field = (label: string) => fields.get(label.toLowerCase())?.trim() ?? '';
  const recipient = field('Recipient name');
  const first = field('Recipient first name') || recipient.split(/\s+/)[0] || '';
  const role = field('Recipient role');
  const company = field('Recipient company');
  const sender = field('Sender name');
  const senderRole = field('Sender job title');
  const senderCompany = field('Sender company');
  const goals = field('Sender goals');
  const summary = field('Sender summary');
  const facts = bullets(field('Recipient recent facts'));
  const experience = bullets(field('Recipient experience'));
  const instructions = field('Instructions');

  const templateBody = field('Template body');
  if (templateBody) {
    const subject = field('Template subject');
    const missing = [...new Set([...`${subject}\n${templateBody}`.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!))];
    const extra = instructions ? `\n\n${withStop(sentences(instructions, 1))}` : '';
    return {
      subject,
      body: `${templateBody}${extra}`,
      placeholderAlternatives: missing.map((placeholder) => ({
        placeholder,
        alternatives: alternativesOf[placeholder] ?? [`your ${placeholder}`],
      })),
      strategy: 'template',
    };
  }

  const strategy = facts.length > 0 ? 'recent_activity' : experience.length > 0 ? 'career_path' : 'shared_interest';
  const say = phrasesFor(field('E-mail language'));
  const hook =
    strategy === 'recent_activity'
      ? say.cameAcross(withStop(facts[0]!))
      : strategy === 'career_path'
        ? say.yourPath(withStop(experience[0]!))
        : say.admire(company);
  const me = [
    sender ? say.iAm(sender) : say.reachingOut,
    senderRole ? say.roleAt(senderRole, senderCompany) : senderCompany ? say.from(senderCompany) : '',
    '.',
  ].join('');
  const about = summary ? ` ${withStop(sentences(summary, 1))}` : '';
  const ask = goals ? `${say.hoping(withStop(sentences(goals, 1)))} ${say.ask}` : say.ask;
  const note = instructions ? `\n\n${withStop(sentences(instructions, 1))}` : '';
  const body = [
    say.greeting(first),
    `${me}${about}`,
    hook,
    `${ask}${note}`,
    `${say.signOff}\n${sender || ''}`.trimEnd(),
  ].join('\n\n');
  return {
    subject: say.subject(sender, role, company).slice(0, 120),
    body,
    placeholderAlternatives: [],
    strategy,
  };
};
