import { escapeRegExp } from '@/lib/escapeRegExp';

/** A spot the AI could not fill (SPEC §3 'AI e-mail response' placeholderAlternatives): its name and what may replace it. */
export type OpenPlaceholder = { name: string; alternatives: string[] };

export type DraftText = {
  subject: string;
  body: string;
  placeholderAlternatives: Record<string, string[]>;
};

/** `{{ name }}` with or without spaces inside the braces. */
const placeholderPattern = (name: string) => new RegExp(`\\{\\{\\s*${escapeRegExp(name)}\\s*\\}\\}`, 'g');

const anyPlaceholder = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * The spots still open in a draft: every placeholder the AI listed that is still in the subject or body (with its
 * alternatives), then any other `{{name}}` left in the text (no alternatives: the person writes it), in the order
 * they first appear.
 */
export const openPlaceholders = ({ subject, body, placeholderAlternatives }: DraftText): OpenPlaceholder[] => {
  const text = `${subject}\n${body}`;
  const found = new Map<string, number>();
  for (const match of text.matchAll(anyPlaceholder)) {
    const name = match[1] ?? '';
    if (!found.has(name)) found.set(name, match.index);
  }
  return [...found.entries()]
    .sort(([, left], [, right]) => left - right)
    .map(([name]) => ({ name, alternatives: placeholderAlternatives[name] ?? [] }));
};

/** Puts `value` in every `{{name}}` of the subject and body; the spot is no longer open. */
export const fillPlaceholder = (draft: DraftText, name: string, value: string): DraftText => {
  const { [name]: _filled, ...rest } = draft.placeholderAlternatives;
  const replace = (text: string) => text.replace(placeholderPattern(name), () => value);
  return { subject: replace(draft.subject), body: replace(draft.body), placeholderAlternatives: rest };
};

/** The alternatives worth keeping on save: those of spots still in the text. */
export const remainingAlternatives = (draft: DraftText): Record<string, string[]> =>
  Object.fromEntries(
    openPlaceholders(draft)
      .filter((spot) => spot.name in draft.placeholderAlternatives)
      .map((spot) => [spot.name, spot.alternatives]),
  );
