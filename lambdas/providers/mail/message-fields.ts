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

/**
 * RFC 6047: an invitation or an answer to one travels as a `text/calendar` part (Outlook, Apple, Gmail's alternative)
 * or an `application/ics` file; port.ts `MailboxMessage.calendar` is the first of them.
 */
export const calendarContentTypes: ReadonlySet<string> = new Set(['text/calendar', 'application/ics']);

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

/** The most HTML read for its text: four times the body bound, which the text is cut to anyway. */
const htmlLimitChars = 4 * messageBodyLimitBytes;
/** Elements whose content is not text. */
const skipped = new Set(['script', 'style', 'head', 'title']);
/** Elements that end a line. */
const blocks = new Set(['p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'table']);

const decodeEntities = (text: string) =>
  text.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });

/**
 * The readable text of an HTML body, for a message with no text/plain part: comments and the content of scripts,
 * styles and the head dropped, `<br>` and block ends as line breaks, other tags removed, the common entities
 * decoded. One pass over the text (the HTML comes from outside: no pattern that backtracks over it). Only ever shown
 * as text, never as HTML.
 */
export const textOfHtml = (html: string) => {
  const source = html.slice(0, htmlLimitChars);
  const lower = source.toLowerCase();
  let text = '';
  let at = 0;
  let nextEnd = 0;
  while (at < source.length) {
    const open = source.indexOf('<', at);
    if (open === -1) {
      text += source.slice(at);
      break;
    }
    text += source.slice(at, open);
    if (lower.startsWith('<!--', open)) {
      const close = lower.indexOf('-->', open + 4);
      at = close === -1 ? source.length : close + 3;
      continue;
    }
    const name = /^<(\/?)([a-z][a-z0-9]{0,15})/.exec(lower.slice(open, open + 18));
    // the next '>' is looked for again only once passed, so many '<' without one stay one pass
    if (name && nextEnd !== -1 && nextEnd <= open) nextEnd = source.indexOf('>', open + 1);
    const end = nextEnd;
    if (!name || end === -1) {
      // not a tag: a lone '<' is text
      text += '<';
      at = open + 1;
      continue;
    }
    const [, closing, tag] = name as unknown as [string, string, string];
    at = end + 1;
    if (!closing && skipped.has(tag)) {
      const close = lower.indexOf(`</${tag}`, at);
      const closeEnd = close === -1 ? -1 : source.indexOf('>', close);
      at = closeEnd === -1 ? source.length : closeEnd + 1;
    } else if (tag === 'br' || (closing && blocks.has(tag))) {
      text += '\n';
    }
  }
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};

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
