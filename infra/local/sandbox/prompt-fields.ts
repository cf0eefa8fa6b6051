/**
 * How the sandbox's models read the prompts the product writes (lambdas/ai/email-prompt.ts and its neighbours): by their
 * labelled parts, so an answer can be built from what the prompt says rather than from a fixed text.
 */

/** `### Label` starts a section; `Label: value` is a one-line field. */
const headingLine = /^#{1,6}\s+(.+?)\s*$/;
const fieldLine = /^([A-Za-zÀ-ÿ][\w À-ÿ()'’/&-]{0,40}):\s+(.+)$/;

type Field = { label: string; text: string };

/** The labelled parts of a prompt, in order; text before any label is one unlabelled part. */
export const promptFields = (prompt: string): Field[] => {
  const fields: Field[] = [];
  let current: Field | undefined;
  /** a `### heading` section keeps its blank lines (a template's paragraphs), trimmed off its end below */
  let inSection = false;
  for (const line of prompt.split(/\r?\n/)) {
    const heading = headingLine.exec(line);
    const field = heading ? undefined : fieldLine.exec(line);
    if (heading) {
      current = { label: heading[1]!, text: '' };
      fields.push(current);
      inSection = true;
    } else if (field) {
      current = { label: field[1]!.trim(), text: field[2]! };
      fields.push(current);
      inSection = false;
    } else if (line.trim() === '') {
      if (inSection && current?.text) current.text += '\n';
    } else {
      if (!current) {
        current = { label: '', text: '' };
        fields.push(current);
      }
      current.text += `${current.text ? '\n' : ''}${line}`;
    }
  }
  return fields
    .map((field) => ({ ...field, text: field.text.replace(/\s+$/, '') }))
    .filter((field) => field.text.trim() !== '');
};
