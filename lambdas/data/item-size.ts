/**
 * DynamoDB refuses an item over 400 KB, attribute names and values together (a ValidationException, which would be a
 * 500). Writes whose size the user controls measure the item first, so the answer is a 400 naming what is too large.
 * @link https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html
 */
export const maxItemBytes = 400 * 1024;

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * A number's size: 1 byte per two significant digits (leading and trailing zeros trimmed), 1 more, and 1 more when
 * negative (zero: 1 byte); at most 21.
 */
const numberBytes = (value: number | bigint) => {
  const text = String(value);
  const digits = text
    .replace(/^-/, '')
    .replace(/e[+-]?\d+$/i, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  if (digits === '') return 1;
  return Math.min(21, Math.ceil(digits.length / 2) + 1 + (text.startsWith('-') ? 1 : 0));
};

/** The size of one attribute value as DynamoDB counts it (its name is counted by the caller). */
const valueBytes = (value: unknown): number => {
  if (typeof value === 'string') return utf8Bytes(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberBytes(value);
  if (typeof value === 'boolean' || value === null) return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  // a list or a set: 3 bytes, and 1 byte per element besides the element itself
  if (Array.isArray(value) || value instanceof Set) {
    let size = 3;
    for (const element of value) if (element !== undefined) size += 1 + valueBytes(element);
    return size;
  }
  if (typeof value === 'object') return 3 + mapBytes(value as Record<string, unknown>, 1);
  return 0;
};

/** The names and values of a map's (or an item's) attributes; `perEntry` bytes more each inside a map. */
const mapBytes = (attributes: Record<string, unknown>, perEntry: number) => {
  let size = 0;
  for (const [name, value] of Object.entries(attributes)) {
    // the document client leaves undefined values out (lambdas/data/client.ts)
    if (value !== undefined) size += perEntry + utf8Bytes(name) + valueBytes(value);
  }
  return size;
};

/** The size DynamoDB gives an item of plain JavaScript values, as the document client writes it. */
export const itemBytes = (item: Record<string, unknown>) => mapBytes(item, 0);

/** DynamoDB refused a write because the item would be over 400 KB (nothing was written). */
export const isItemTooLarge = (error: unknown) =>
  error instanceof Error &&
  error.name === 'ValidationException' &&
  /item size (to update )?has exceeded the maximum allowed size/i.test(error.message);
