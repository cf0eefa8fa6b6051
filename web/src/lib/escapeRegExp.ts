/** `text` as a regular expression matching it literally (its `.`, `$`, `(`... escaped). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
