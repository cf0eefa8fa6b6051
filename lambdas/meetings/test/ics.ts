/** Tests only: the content lines of an iCalendar text, folded lines joined again (RFC 5545 §3.1). */
export const icsLines = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

/** Tests only: the value of the first line of `name` (`SEQUENCE`, `UID`, `METHOD`...), ignoring its parameters. */
export const icsValue = (lines: readonly string[], name: string) =>
  lines.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))?.replace(/^[^:]*:/, '');
