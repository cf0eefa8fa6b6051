import * as z from 'zod/mini';
import { lazySchema } from '../../shared/lazy-schema.js';
import { englishLanguageName } from '../../shared/languages.js';
import type { ConversationEmail } from '../../shared/schemas/conversations.js';
import type { ContactItem } from '../data/contact.js';
import { ownText } from '../replies/index.js';
import type { UserProfileItem } from '../data/user-profile.js';

/**
 * The outreach e-mail's prompt and answer (SPEC §5 AI e-mails): the user's profile, AI summary, résumé and
 * cover-letter text and goals; the contact's role, education, experiences and recent facts; a rendered template and
 * the user's instructions. One `Label: value` line per short field and one `### Label` section per long one, so the
 * sandbox model (infra/local/sandbox/outreach-email.ts) can read it as a model would.
 */

/** SPEC §3 `language`: the prompt names the e-mail's language as 'E-mail language: German (de)'. */
const languageInstruction =
  "Write the subject and the body in the language named in 'E-mail language' (a template's wording translated into it).";

/** The prompt's line naming the language an e-mail is written in. */
const languageLine = (language: string) => line('E-mail language', `${englishLanguageName(language)} (${language})`);

export const emailInstructions = [
  'You write a short, warm, specific networking e-mail from the sender to the recipient, in the first person, as the',
  'sender. Use only facts given about both; never invent. Open with one concrete reason for writing to this person',
  '(a recent fact about them, a shared school or employer, their career path), say in one or two sentences who the',
  'sender is and what they hope for, and end with one small, clear ask (a 15-minute call). At most 150 words, plain',
  'text, no markdown, a subject under 80 characters. When a template is given, keep its wording and structure and',
  'fill its {{placeholders}} from the facts; a placeholder you cannot fill stays as it is in the text and is listed',
  'in placeholderAlternatives with 2-3 phrases that could replace it. Follow the instructions when given. Name the',
  'angle you chose in strategy: recent_activity, shared_background, career_path, shared_interest or template.',
  languageInstruction,
].join(' ');

/**
 * The answer's JSON schema (structured outputs, strict: every property required, no others).
 * @link https://platform.openai.com/docs/guides/structured-outputs
 */
export const emailAnswerJsonSchema = {
  name: 'outreach_email',
  schema: {
    type: 'object',
    properties: {
      subject: { type: 'string' },
      body: { type: 'string' },
      placeholderAlternatives: {
        type: 'array',
        items: {
          type: 'object',
          properties: { placeholder: { type: 'string' }, alternatives: { type: 'array', items: { type: 'string' } } },
          required: ['placeholder', 'alternatives'],
          additionalProperties: false,
        },
      },
      strategy: { type: 'string' },
    },
    required: ['subject', 'body', 'placeholderAlternatives', 'strategy'],
    additionalProperties: false,
  },
};

export const emailAnswerSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
    body: z.string().check(z.trim(), z.minLength(1), z.maxLength(10_000)),
    placeholderAlternatives: z
      .array(
        z.object({
          placeholder: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
          alternatives: z.array(z.string()).check(z.maxLength(10)),
        }),
      )
      .check(z.maxLength(20)),
    strategy: z.string().check(z.trim(), z.maxLength(60)),
  }),
);
export type EmailAnswer = z.infer<typeof emailAnswerSchema>;

export type EmailPromptInput = {
  profile: UserProfileItem | null;
  contact: ContactItem;
  facts: string[];
  template?: { subject: string; body: string };
  instructions?: string;
  /** the language to write in (shared/languages.ts `emailLanguageOf`): the contact's, else the user's */
  language: string;
};

const line = (label: string, value: string | undefined) => {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text ? `${label}: ${text.slice(0, 300)}` : '';
};
const section = (label: string, text: string | undefined, max: number) => {
  const trimmed = (text ?? '').trim();
  return trimmed ? `### ${label}\n${trimmed.slice(0, max)}` : '';
};
const list = (items: string[]) => items.map((item) => `- ${item.replace(/\s+/g, ' ').trim()}`).join('\n');

const nameOf = (profile: Partial<UserProfileItem>) =>
  profile.displayName || [profile.firstName, profile.lastName].filter(Boolean).join(' ');
const contactName = (contact: ContactItem) =>
  contact.name || [contact.firstName, contact.lastName].filter(Boolean).join(' ');

const years = (start?: number, end?: number) => (start || end ? ` (${start ?? ''}-${end ?? ''})` : '');

/** The user prompt; long documents are cut (their beginning says the most) so a request stays small and fast. */
export const emailPrompt = ({ profile, contact, facts, template, instructions, language }: EmailPromptInput) => {
  const p = profile ?? ({} as Partial<UserProfileItem>);
  const senderName = nameOf(p);
  const education = (contact.education ?? []).slice(0, 5).map((entry) => {
    const what = [entry.degree, entry.fieldOfStudy].filter(Boolean).join(', ');
    return `${what ? `${what}, ` : ''}${entry.institution}${years(entry.startYear, entry.endYear)}`;
  });
  const experience = (contact.experiences ?? []).slice(0, 5).map((entry) => {
    const period = entry.period ? ` (${entry.period})` : '';
    const about = entry.description ? `: ${entry.description.slice(0, 300)}` : '';
    return `${entry.title} at ${entry.company}${period}${about}`;
  });
  return [
    line('Sender name', senderName),
    line('Sender job title', p.jobTitle),
    line('Sender company', p.company),
    line('Sender location', p.location),
    section('Sender summary', p.normalizedSummary, 3000),
    section('Sender goals', [p.goals, p.networkingGoals, p.careerInterests].filter(Boolean).join('\n'), 3000),
    section('Sender résumé', p.resumeContent, 6000),
    section(
      p.coverLetterCompany ? `Sender cover letter (for ${p.coverLetterCompany})` : 'Sender cover letter',
      p.coverLetterContent,
      3000,
    ),
    line('Recipient name', contactName(contact)),
    line('Recipient first name', contact.firstName),
    line('Recipient role', contact.jobTitle || contact.currentRole),
    line('Recipient company', contact.company),
    section('Recipient education', list(education), 2000),
    section('Recipient experience', list(experience), 3000),
    section('Recipient recent facts', list(facts), 2000),
    template ? line('Template subject', template.subject) : '',
    template ? section('Template body', template.body, 5000) : '',
    section('Instructions', instructions, 2000),
    languageLine(language),
  ]
    .filter(Boolean)
    .join('\n\n');
};

/** The model's list of unfilled spots as the wire's record (placeholder -> alternatives); none when empty. */
export const alternativesRecord = (answer: EmailAnswer): Record<string, string[]> | undefined => {
  const entries = answer.placeholderAlternatives
    .map(({ placeholder, alternatives }) => [placeholder.replace(/^\{\{\s*|\s*\}\}$/g, ''), alternatives] as const)
    .filter(([placeholder]) => placeholder !== '');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
};

/**
 * A reply or follow-up in a conversation (DESIGN §9 'Answering a reply'): written from the thread so far, as the
 * sender, answering the recipient's latest message. The same answer schema as the outreach e-mail, under its own name.
 */
export const replyInstructions = [
  'You write the next e-mail of an e-mail conversation between the sender and the recipient, in the first person, as',
  'the sender. Read the thread; its last part is the message to answer. Answer what it asks or proposes, concretely',
  '(accept or suggest a time, answer a question, thank them), keep to facts given in the thread and about the sender,',
  'never invent. Warm, short and plain: at most 120 words, plain text, no markdown, no quoted thread. The subject is',
  "'Re: ' and the thread's subject. Follow the instructions when given. placeholderAlternatives is empty; name the",
  'angle in strategy: reply or follow_up.',
  languageInstruction,
].join(' ');

export const replyAnswerJsonSchema = { ...emailAnswerJsonSchema, name: 'reply_email' };

export type ReplyPromptInput = {
  profile: UserProfileItem | null;
  contact: ContactItem;
  subject: string;
  /** the conversation's e-mails, oldest first */
  emails: readonly ConversationEmail[];
  draftType: 'reply' | 'follow_up';
  instructions?: string | undefined;
  /** the language to write in (shared/languages.ts `emailLanguageOf`) */
  language: string;
};

/** Parts of a thread the prompt keeps: the latest ones, each cut, so a long thread stays a small request. */
const threadParts = 8;
const threadPartMax = 3000;

/**
 * The prompt of a reply: sender and recipient, the thread's subject, its e-mails oldest first (a received one in the
 * contact's own words, quotes left out), and the recipient's latest message LAST, which is what the model answers; the
 * user's instructions come before the thread.
 */
export const replyPrompt = ({
  profile,
  contact,
  subject,
  emails,
  draftType,
  instructions,
  language,
}: ReplyPromptInput) => {
  const p = profile ?? ({} as Partial<UserProfileItem>);
  const shown = emails.filter((email) => email.kind === 'sent' || email.kind === 'reply');
  const latest = shown.findLast((email) => email.kind === 'reply');
  const ordered = [...shown.filter((email) => email !== latest), ...(latest ? [latest] : [])].slice(-threadParts);
  const day = (at: string) => at.slice(0, 10);
  const parts = ordered.map((email) =>
    email === latest
      ? section(`Recipient's latest message (${day(email.at)})`, ownText(email.body), threadPartMax)
      : section(
          email.kind === 'sent'
            ? `E-mail from the sender (${day(email.at)})`
            : `E-mail from the recipient (${day(email.at)})`,
          email.kind === 'sent' ? email.body : ownText(email.body),
          threadPartMax,
        ),
  );
  return [
    line('Sender name', nameOf(p)),
    line('Sender job title', p.jobTitle),
    line('Sender company', p.company),
    section('Sender summary', p.normalizedSummary, 2000),
    line('Recipient name', contactName(contact)),
    line('Recipient first name', contact.firstName),
    line('Recipient role', contact.jobTitle || contact.currentRole),
    line('Recipient company', contact.company),
    line('E-mail to write', draftType === 'reply' ? 'reply' : 'follow-up'),
    languageLine(language),
    // the user's instructions before the thread, so the message to answer stays last
    section('Instructions', instructions, 2000),
    line('Thread subject', subject),
    ...parts,
  ]
    .filter(Boolean)
    .join('\n\n');
};
