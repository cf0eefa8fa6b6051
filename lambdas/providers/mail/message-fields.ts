/**
 * What both mail adapters (gmail-mail.ts, graph-mail.ts) make of a provider's message for the port's MailboxMessage:
 * the body's plain text cut to a bound, the headers reply classification reads, addresses and Message-ID chains.
 */

/** nodemailer's address parser (quoted names, groups): imported with the first message read. */
const loadAddressParser = () => import('nodemailer/lib/addressparser');

/** The longest body a MailboxMessage carries, in UTF-8 bytes (port.ts). */
export const messageBodyLimitBytes = 64 * 1024;

/** The headers reply classification reads (port.ts `MailboxMessage.headers`), lower-case. */
export const classificationHeaders = [
  'auto-submitted',
  'x-autoreply',
  'x-autorespond',
  'precedence',
  'x-failed-recipients',
  'content-type',
  'list-unsubscribe',
  'x-outreach-draft-id',
] as const;

/** The text cut to `messageBodyLimitBytes` of UTF-8, never inside a character. */
export const cutBody = (text: string) => {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= messageBodyLimitBytes) return text;
  let end = messageBodyLimitBytes;
  // step back over continuation bytes (10xxxxxx) to the start of the character the limit falls in
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
};

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The readable text of an HTML body, for a message with no text/plain part: scripts, styles and comments dropped,
 * block ends as line breaks, tags removed, the common entities decoded. Only ever shown as text, never as HTML.
 */
export const textOfHtml = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The classification headers of a message's header list, by lower-case name (the first of a repeated one). */
export const pickHeaders = (headers: readonly { name: string; value: string }[]) => {
  const wanted = new Set<string>(classificationHeaders);
  const picked: Record<string, string> = {};
  for (const { name, value } of headers) {
    const key = name.toLowerCase();
    if (wanted.has(key) && !(key in picked)) picked[key] = value;
  }
  return picked;
};

/** The value of a header by name, any case. */
export const headerValue = (headers: readonly { name: string; value: string }[], name: string) =>
  headers.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;

/** The Message-IDs (`<...>`) of an In-Reply-To or References value, in order. */
export const messageIdsIn = (value: string | undefined) => value?.match(/<[^<>\s]+>/g) ?? [];

/** The first mailbox of an address header: bare lower-case address and display name. */
export const firstMailbox = async (value: string | undefined) => {
  const { default: addressparser } = await loadAddressParser();
  const [first] = addressparser(value ?? '', { flatten: true });
  return { email: (first?.address ?? '').toLowerCase(), name: first?.name ? first.name : null };
};

/** Every address of an address header (To), bare and lower-case. */
export const allAddresses = async (value: string | undefined) => {
  const { default: addressparser } = await loadAddressParser();
  return addressparser(value ?? '', { flatten: true })
    .map((entry) => entry.address.toLowerCase())
    .filter(Boolean);
};
