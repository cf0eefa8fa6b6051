import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import * as z from 'zod';
import { oauthGrantsOf } from './oauth-server.js';
import type { SandboxContext } from './router.js';

/**
 * The sandbox's mail (DESIGN §5 and §8): every message sent through the Gmail API or Graph subsets or
 * made by the mail control, as copies in the sandbox's mailboxes. A message from a mailbox is a SENT copy in it; a
 * message to a mailbox an INBOX copy in it; one to an address that is no mailbox (a contact) has only its sender's
 * copy. Each copy has the ids of both providers (Gmail id and thread id, Graph id and conversation id), so a mailbox
 * reads the same whether its grant is Google's or Microsoft's. Kept in `<dataDir>/mail.json` on every change.
 */

const addressSchema = z.object({ address: z.string(), name: z.string().nullable() });
export type MailAddress = z.infer<typeof addressSchema>;

const headerSchema = z.object({ name: z.string(), value: z.string() });
export type MailHeader = z.infer<typeof headerSchema>;

const attachmentSchema = z.object({
  fileName: z.string().nullable(),
  contentType: z.string(),
  size: z.number(),
  /** base64, for a small part (a delivery report); a larger one (a résumé) is only in `raw` */
  content: z.string().nullable(),
});

/** Parts up to this size are kept apart from the raw message, so reading them needs no MIME parsing. */
const inlineAttachmentBytes = 16 * 1024;

export const mailLabels = ['SENT', 'INBOX'] as const;
export type MailLabel = (typeof mailLabels)[number];

const copySchema = z.object({
  /** the mailbox holding this copy; null: a message between two addresses that are no mailbox (kept for the page) */
  mailbox: z.string().nullable(),
  gmailId: z.string(),
  threadId: z.string(),
  graphId: z.string(),
  conversationId: z.string(),
  /** RFC 5322 Message-ID, with its angle brackets */
  internetMessageId: z.string(),
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  from: addressSchema,
  to: z.array(addressSchema),
  cc: z.array(addressSchema),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** the top-level MIME type, e.g. `text/plain`, `multipart/alternative`, `multipart/report` */
  mimeType: z.string(),
  headers: z.array(headerSchema),
  attachments: z.array(attachmentSchema),
  /** the message as sent, base64 */
  raw: z.string(),
  labels: z.array(z.enum(mailLabels)),
  /** ISO time the message was sent or received */
  time: z.string(),
  historyId: z.number(),
  changeSeq: z.number(),
  /** the copy the mail control lists: the sender's SENT copy, else the first recipient's INBOX copy */
  origin: z.boolean(),
});
export type MailCopy = z.infer<typeof copySchema>;

const historySchema = z.object({
  id: z.number(),
  gmailId: z.string(),
  threadId: z.string(),
  labels: z.array(z.enum(mailLabels)),
});
export type HistoryRecord = z.infer<typeof historySchema>;

const watchSchema = z.object({
  topicName: z.string(),
  labelIds: z.array(z.string()),
  /** `include` (the default) or `exclude` */
  labelFilterBehavior: z.enum(['include', 'exclude']),
  historyId: z.number(),
  expiration: z.number(),
});
export type GmailWatch = z.infer<typeof watchSchema>;

const mailboxSchema = z.object({
  address: z.string(),
  /** Gmail's current history id of the mailbox */
  historyId: z.number(),
  /** the oldest `startHistoryId` history.list still answers; an older one is a 404 (Gmail keeps about a week) */
  historyFloor: z.number(),
  history: z.array(historySchema),
  /** Graph: the mailbox's change counter (delta tokens carry it) */
  changeSeq: z.number(),
  /** the oldest change a delta token may start from; older: 410 syncStateNotFound */
  changeFloor: z.number(),
  watch: watchSchema.nullable(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

const subscriptionSchema = z.object({
  id: z.string(),
  mailbox: z.string(),
  resource: z.string(),
  changeType: z.string(),
  notificationUrl: z.string(),
  lifecycleNotificationUrl: z.string().nullable(),
  clientState: z.string().nullable(),
  expirationDateTime: z.string(),
  applicationId: z.string(),
  creatorId: z.string(),
  latestSupportedTlsVersion: z.string(),
});
export type GraphSubscription = z.infer<typeof subscriptionSchema>;

const savedSchema = z.object({
  mailboxes: z.array(mailboxSchema),
  copies: z.array(copySchema),
  subscriptions: z.array(subscriptionSchema),
});

export type MailApiProvider = 'gmail' | 'outlook';

/** How many history records (Gmail) and changes (Graph) a mailbox keeps; a cursor older than those is lost. */
export const defaultHistoryLimit = 1000;

/** The domain of the sandbox's own addresses: the bounce sender `mailer-daemon@sandbox.local`. */
export const sandboxMailDomain = 'sandbox.local';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const graphIdOf = (prefix: string) => `${prefix}${randomBytes(30).toString('base64url')}`;

/** `Re: Re: Fwd: Hello` and `Hello` are one conversation's subjects. */
export const baseSubject = (subject: string) =>
  subject
    .replace(/^\s*((re|fwd?|aw|sv|wg|automatic reply)\s*:\s*)+/i, '')
    .trim()
    .toLowerCase();

const addressesOf = (value: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) =>
    object.value.flatMap((entry) =>
      entry.address ? [{ address: entry.address.toLowerCase(), name: entry.name || null }] : [],
    ),
  );

const idsOf = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : [])
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => (id.startsWith('<') ? id : `<${id}>`));

/** A header line as mailparser keeps it (`Name: value`, maybe folded) as a name and an unfolded value. */
const headerOf = (line: string): MailHeader => {
  const unfolded = line.replace(/\r?\n[ \t]+/g, ' ');
  const colon = unfolded.indexOf(':');
  return { name: unfolded.slice(0, colon).trim(), value: unfolded.slice(colon + 1).trim() };
};

/** What a MIME message says, parsed with mailparser. */
export type ParsedMail = Pick<
  MailCopy,
  | 'internetMessageId'
  | 'inReplyTo'
  | 'references'
  | 'to'
  | 'cc'
  | 'subject'
  | 'text'
  | 'html'
  | 'mimeType'
  | 'headers'
  | 'attachments'
> & { from: MailAddress | null; bcc: MailAddress[]; hasMessageId: boolean; hasDate: boolean };

export const parseMime = async (raw: Buffer): Promise<ParsedMail> => {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const headers = parsed.headerLines.map(({ line }) => headerOf(line));
  const decoded: Record<string, string | undefined> = {
    subject: parsed.subject,
    from: parsed.from?.text,
    to: Array.isArray(parsed.to) ? parsed.to.map((to) => to.text).join(', ') : parsed.to?.text,
  };
  // Gmail's payload.headers are decoded (RFC 2047 words)
  for (const header of headers) header.value = decoded[header.name.toLowerCase()] ?? header.value;
  const contentType = parsed.headers.get('content-type') as { value?: string } | undefined;
  return {
    internetMessageId: parsed.messageId ? idsOf(parsed.messageId)[0]! : `<${hex(12)}@${sandboxMailDomain}>`,
    hasMessageId: Boolean(parsed.messageId),
    hasDate: parsed.headers.has('date'),
    inReplyTo: idsOf(parsed.inReplyTo)[0] ?? null,
    references: idsOf(parsed.references),
    from: addressesOf(parsed.from)[0] ?? null,
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    bcc: addressesOf(parsed.bcc),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || null,
    mimeType: contentType?.value ?? 'text/plain',
    headers,
    attachments: parsed.attachments.map((attachment) => ({
      fileName: attachment.filename ?? null,
      contentType: attachment.contentType,
      size: attachment.size,
      content: attachment.size <= inlineAttachmentBytes ? attachment.content.toString('base64') : null,
    })),
  };
};

/** A new copy in a mailbox, or a new message at the page: what push and the page listen for. */
export type MailListener = (copy: MailCopy) => void;

export type SubmitOptions = {
  /** the mailbox sending (Gmail and Graph: the grant's address, which becomes the From address) */
  sender?: string;
  /** Gmail's `threadId` of the send request */
  threadId?: string;
};

type ThreadRef = { threadId: string; conversationId: string };

export class MailStoreError extends Error {
  readonly reason: 'invalid_thread' | 'no_recipient';

  constructor(reason: 'invalid_thread' | 'no_recipient', message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * The store: mailboxes by address (made when an address first uses the API, or on first mail when `connected` says
 * the address has a grant), their copies, Gmail history and watches, Graph change sequence and subscriptions.
 */
export class MailStore {
  readonly #file: string | undefined;
  readonly #now: () => number;
  readonly #historyLimit: number;
  readonly #connected: () => string[];
  readonly #listeners: MailListener[] = [];
  #mailboxes = new Map<string, Mailbox>();
  #copies: MailCopy[] = [];
  #subscriptions: GraphSubscription[] = [];
  /** `POST /_sandbox/mail/throttle`: per `<provider>:<address>`, how many more calls answer 429 and its Retry-After */
  readonly #throttles = new Map<string, { seconds: number; remaining: number }>();
  /** API calls per `<provider>:<address>` since the server started: Gmail quota units and calls by method */
  readonly #usage = new Map<string, { units: number; calls: Record<string, number> }>();

  constructor(
    options: {
      file?: string;
      now?: () => number;
      historyLimit?: number;
      /** the addresses of connected sandbox mailboxes (live grants), before they first call the API */
      connected?: () => string[];
    } = {},
  ) {
    this.#file = options.file;
    this.#now = options.now ?? Date.now;
    this.#historyLimit = options.historyLimit ?? defaultHistoryLimit;
    this.#connected = options.connected ?? (() => []);
    if (this.#file && existsSync(this.#file)) {
      const saved = savedSchema.safeParse(JSON.parse(readFileSync(this.#file, 'utf8')));
      // a file of another shape (an older sandbox) is started over rather than half read
      if (saved.success) {
        this.#mailboxes = new Map(saved.data.mailboxes.map((mailbox) => [mailbox.address, mailbox]));
        this.#copies = saved.data.copies;
        this.#subscriptions = saved.data.subscriptions;
      }
    }
  }

  now() {
    return this.#now();
  }

  save() {
    if (!this.#file) return;
    const saved: z.infer<typeof savedSchema> = {
      mailboxes: [...this.#mailboxes.values()],
      copies: this.#copies,
      subscriptions: this.#subscriptions,
    };
    mkdirSync(dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(saved));
    renameSync(temporary, this.#file);
  }

  /** Called with every new copy (after it is saved). */
  onMail(listener: MailListener) {
    this.#listeners.push(listener);
  }

  /** The mailbox of an address, made on first use (history ids start high, as a real mailbox's do). */
  mailbox(address: string): Mailbox {
    const key = address.trim().toLowerCase();
    let found = this.#mailboxes.get(key);
    if (!found) {
      const start = 1000 + Math.floor(Math.random() * 9000);
      found = {
        address: key,
        historyId: start,
        historyFloor: start,
        history: [],
        changeSeq: 0,
        changeFloor: 0,
        watch: null,
      };
      this.#mailboxes.set(key, found);
      this.save();
    }
    return found;
  }

  /** An address that is a sandbox mailbox: it used the API, or has a grant. */
  isMailbox(address: string) {
    const key = address.trim().toLowerCase();
    return this.#mailboxes.has(key) || this.#connected().includes(key);
  }

  mailboxes(): Mailbox[] {
    return [...this.#mailboxes.values()];
  }

  /** Every mailbox's address: those that used the API and those connected since. */
  mailboxAddresses(): string[] {
    return [...new Set([...this.#mailboxes.keys(), ...this.#connected()])];
  }

  /** A mailbox's copies, oldest first. */
  copiesOf(address: string): MailCopy[] {
    const key = address.toLowerCase();
    return this.#copies.filter((copy) => copy.mailbox === key);
  }

  /** Every message once (its origin copy), oldest first: what the mail control lists. */
  messages(): MailCopy[] {
    return this.#copies.filter((copy) => copy.origin);
  }

  /** The origin copy of a message named by any of its ids (control id, Gmail or Graph id of a copy, Message-ID). */
  message(id: string): MailCopy | undefined {
    const copy = this.#copies.find(
      (candidate) => candidate.gmailId === id || candidate.graphId === id || candidate.internetMessageId === id,
    );
    if (!copy) return undefined;
    return this.#copies.find((candidate) => candidate.origin && candidate.internetMessageId === copy.internetMessageId);
  }

  /** The content of a copy's attachment `index` (as `parseMime` lists them), read again from its raw message. */
  async attachmentContent(copy: MailCopy, index: number): Promise<Buffer | undefined> {
    const parsed = await simpleParser(Buffer.from(copy.raw, 'base64'), { skipImageLinks: true, skipTextToHtml: true });
    return parsed.attachments[index]?.content;
  }

  byGmailId(address: string, id: string) {
    return this.copiesOf(address).find((copy) => copy.gmailId === id);
  }

  byGraphId(address: string, id: string) {
    return this.copiesOf(address).find((copy) => copy.graphId === id);
  }

  /** A Gmail thread of a mailbox, oldest first (empty when unknown). */
  thread(address: string, threadId: string) {
    return this.copiesOf(address).filter((copy) => copy.threadId === threadId);
  }

  /** The thread a new message joins in a mailbox: by its references (and the subject), or by the thread asked. */
  #threadFor(address: string, parsed: ParsedMail, askedThreadId: string | undefined): ThreadRef | undefined {
    const copies = this.copiesOf(address);
    const subject = baseSubject(parsed.subject);
    if (askedThreadId !== undefined) {
      const thread = copies.filter((copy) => copy.threadId === askedThreadId);
      if (thread.length === 0) throw new MailStoreError('invalid_thread', 'Invalid thread_id value');
      // as Gmail: a message joins the thread asked only when its subject is the thread's
      if (thread.some((copy) => baseSubject(copy.subject) === subject)) {
        return { threadId: askedThreadId, conversationId: thread[0]!.conversationId };
      }
      return undefined;
    }
    const related = new Set([...(parsed.inReplyTo ? [parsed.inReplyTo] : []), ...parsed.references]);
    const found = copies.find((copy) => related.has(copy.internetMessageId));
    return found ? { threadId: found.threadId, conversationId: found.conversationId } : undefined;
  }

  /**
   * A MIME message into the sandbox: a SENT copy in the sender's mailbox (when it is one), an INBOX copy in each
   * recipient's that is one. `sender` (an API call's mailbox) becomes the From address, as Gmail and Graph do; a
   * missing Message-ID is made. Answers the sender's copy, or the origin copy when the sender is no mailbox.
   */
  async submit(raw: Buffer, options: SubmitOptions = {}): Promise<MailCopy> {
    const parsed = await parseMime(raw);
    const recipients = [...parsed.to, ...parsed.cc, ...parsed.bcc];
    if (recipients.length === 0) throw new MailStoreError('no_recipient', 'Recipient address required');
    let from = parsed.from ?? { address: options.sender ?? `unknown@${sandboxMailDomain}`, name: null };
    if (options.sender && from.address !== options.sender.toLowerCase()) {
      from = { address: options.sender.toLowerCase(), name: from.name };
    }
    const headers = parsed.headers.map((header) =>
      header.name.toLowerCase() === 'from' && options.sender
        ? { name: header.name, value: from.name ? `${from.name} <${from.address}>` : from.address }
        : header,
    );
    const time = new Date(this.#now()).toISOString();
    if (!parsed.hasMessageId) headers.push({ name: 'Message-ID', value: parsed.internetMessageId });
    if (!parsed.hasDate) headers.push({ name: 'Date', value: new Date(this.#now()).toUTCString() });
    if (!parsed.headers.some((header) => header.name.toLowerCase() === 'from')) {
      headers.push({ name: 'From', value: from.address });
    }
    const prefix = [
      ...(parsed.hasMessageId ? [] : [`Message-ID: ${parsed.internetMessageId}`]),
      ...(parsed.hasDate ? [] : [`Date: ${new Date(this.#now()).toUTCString()}`]),
    ];
    const stored = prefix.length > 0 ? Buffer.concat([Buffer.from(`${prefix.join('\r\n')}\r\n`), raw]) : raw;
    const base = {
      internetMessageId: parsed.internetMessageId,
      inReplyTo: parsed.inReplyTo,
      references: parsed.references,
      from,
      to: parsed.to,
      cc: parsed.cc,
      subject: parsed.subject,
      text: parsed.text,
      html: parsed.html,
      mimeType: parsed.mimeType,
      headers,
      attachments: parsed.attachments,
      raw: stored.toString('base64'),
      time,
    };

    const made: MailCopy[] = [];
    const copyIn = (mailbox: string | null, label: MailLabel | null, threadOf: () => ThreadRef | undefined) => {
      const gmailId = hex(8);
      const thread = mailbox ? threadOf() : undefined;
      const copy: MailCopy = {
        ...base,
        mailbox,
        gmailId,
        threadId: thread?.threadId ?? gmailId,
        graphId: graphIdOf('AAMkAGI'),
        conversationId: thread?.conversationId ?? graphIdOf('AAQkAGI'),
        labels: label ? [label] : [],
        historyId: 0,
        changeSeq: 0,
        origin: false,
      };
      if (mailbox) {
        const box = this.mailbox(mailbox);
        box.historyId += 1 + Math.floor(Math.random() * 3);
        box.changeSeq += 1;
        copy.historyId = box.historyId;
        copy.changeSeq = box.changeSeq;
        box.history.push({ id: box.historyId, gmailId, threadId: copy.threadId, labels: [...copy.labels] });
        if (box.history.length > this.#historyLimit) {
          const dropped = box.history.splice(0, box.history.length - this.#historyLimit);
          box.historyFloor = dropped.at(-1)!.id;
        }
        if (box.changeSeq - box.changeFloor > this.#historyLimit) box.changeFloor = box.changeSeq - this.#historyLimit;
      }
      made.push(copy);
      this.#copies.push(copy);
      return copy;
    };

    const senderIsMailbox = options.sender !== undefined || this.isMailbox(from.address);
    const sent = senderIsMailbox
      ? copyIn(from.address, 'SENT', () => this.#threadFor(from.address, parsed, options.threadId))
      : undefined;
    const delivered = new Set<string>();
    // mail to oneself is one message with both labels, as Gmail files it
    if (sent && recipients.some((recipient) => recipient.address === from.address)) {
      sent.labels.push('INBOX');
      this.mailbox(from.address).history.at(-1)?.labels.push('INBOX');
      delivered.add(from.address);
    }
    for (const recipient of recipients) {
      if (delivered.has(recipient.address) || !this.isMailbox(recipient.address)) continue;
      delivered.add(recipient.address);
      copyIn(recipient.address, 'INBOX', () => this.#threadFor(recipient.address, parsed, undefined));
    }
    const origin = sent ?? made[0] ?? copyIn(null, null, () => undefined);
    origin.origin = true;
    this.save();
    for (const copy of made) for (const listener of this.#listeners) listener(copy);
    return origin;
  }

  /** history.list: records after `start`, or `lost` when the mailbox no longer keeps them. */
  historySince(address: string, start: number): { lost: true } | { lost: false; records: HistoryRecord[] } {
    const box = this.mailbox(address);
    if (start < box.historyFloor) return { lost: true };
    return { lost: false, records: box.history.filter((record) => record.id > start) };
  }

  /** The copies of a Graph folder changed after change `since` (oldest first), or `lost` for a too-old token. */
  changesSince(address: string, label: MailLabel, since: number): { lost: true } | { lost: false; copies: MailCopy[] } {
    const box = this.mailbox(address);
    if (since < box.changeFloor) return { lost: true };
    return {
      lost: false,
      copies: this.copiesOf(address).filter((copy) => copy.labels.includes(label) && copy.changeSeq > since),
    };
  }

  /** `POST /_sandbox/mail/expire-cursors`: the mailbox forgets its history and changes (mail is kept). */
  expireCursors(address: string) {
    const box = this.mailbox(address);
    // one step on, so that even a cursor of the current state is older than what is kept
    box.historyId += 1;
    box.historyFloor = box.historyId;
    box.history = [];
    box.changeSeq += 1;
    box.changeFloor = box.changeSeq;
    this.save();
  }

  /** The next `count` API calls of the mailbox on `provider` answer 429 with `Retry-After: seconds`. */
  throttle(address: string, provider: MailApiProvider, seconds: number, count: number) {
    this.#throttles.set(`${provider}:${address.toLowerCase()}`, { seconds, remaining: count });
  }

  /** The Retry-After seconds when this call of the mailbox is throttled (and one fewer call will be), else null. */
  takeThrottle(address: string, provider: MailApiProvider): number | null {
    const key = `${provider}:${address.toLowerCase()}`;
    const throttle = this.#throttles.get(key);
    if (!throttle || throttle.remaining <= 0) return null;
    throttle.remaining -= 1;
    if (throttle.remaining === 0) this.#throttles.delete(key);
    return throttle.seconds;
  }

  /** One API call of the mailbox (Gmail: its quota units; Graph: 1). */
  recordCall(address: string, provider: MailApiProvider, call: string, units: number) {
    const key = `${provider}:${address.toLowerCase()}`;
    const usage = this.#usage.get(key) ?? { units: 0, calls: {} };
    usage.units += units;
    usage.calls[call] = (usage.calls[call] ?? 0) + 1;
    this.#usage.set(key, usage);
  }

  /** `GET /_sandbox/mail/usage`: the calls of every mailbox, or of one address. */
  usage(address?: string) {
    const wanted = address?.toLowerCase();
    return Object.fromEntries([...this.#usage].filter(([key]) => wanted === undefined || key.endsWith(`:${wanted}`)));
  }

  setWatch(address: string, watch: GmailWatch | null) {
    this.mailbox(address).watch = watch;
    this.save();
  }

  subscriptions(): GraphSubscription[] {
    return this.#subscriptions;
  }

  addSubscription(subscription: GraphSubscription) {
    this.#subscriptions.push(subscription);
    this.save();
  }

  removeSubscription(id: string) {
    this.#subscriptions = this.#subscriptions.filter((subscription) => subscription.id !== id);
    this.save();
  }
}

/** The mail store of this sandbox server, shared by its Gmail, Graph and control vendors (kept in `<dataDir>`). */
export const mailStoreOf = (context: SandboxContext) =>
  context.shared('mail-store', () => {
    const grants = oauthGrantsOf(context);
    return new MailStore({
      ...(context.dataDir ? { file: join(context.dataDir, 'mail.json') } : {}),
      connected: () => grants.list().flatMap((grant) => (grant.revoked ? [] : [grant.email])),
    });
  });
