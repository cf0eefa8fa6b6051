import type { LinkedinData } from '../../shared/schemas/contacts.js';
import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand } from './dynamo.js';
import type { emailLookupStatuses, emailQevStatuses, relationshipStatuses } from '../../shared/schemas/contacts.js';
import type { EducationEntry, ExperienceEntry } from '../providers/enrichment/port.js';
import { batchWrite, dueOnShardedIndex, shardOf, type DataClient } from './client.js';
import { writtenIf } from './entity/condition.js';
import { tenantKey } from './entity/keys.js';
import { type NamedWrites, transact } from './entity/transaction.js';
import {
  expressionAttributes,
  expressionParts,
  itemExists,
  itemMissing,
  updateParams,
  type Placeholders,
} from './expressions.js';
import {
  addToDirectory,
  confirmedByHead,
  directoryFields,
  directoryFieldsAmong,
  directoryHeadKey,
  directoryLinePatch,
  directoryWrite,
  forgetDirectorySnapshot,
  hasDirectorySnapshot,
  headCanConfirm,
  knownDirectory,
  readDirectory,
  rebuildDirectory,
  toEntry,
  type DirectoryEntry,
  type DirectoryField,
} from './contact-directory.js';
import { itemBytes } from './item-size.js';
import { contactAsCasedNow } from './profile-casing.js';
import { contactRemovedWrite, getContactCount, useSlotWrite } from './quota.js';
import { accessPatterns } from './table.js';

export type { DirectoryEntry };
/**
 * The directory entries this Lambda last read of a user, without a call, and whether the directory's head alone may
 * say they are still current (lambdas/data/contact-directory.ts).
 */
export { headCanConfirm as directoryConfirmableByHead, knownDirectory };

export type { EducationEntry, ExperienceEntry };
export type EmailQevStatus = (typeof emailQevStatuses)[number];
export type EmailLookupStatus = (typeof emailLookupStatuses)[number];
export type RelationshipStatus = (typeof relationshipStatuses)[number];

/**
 * One contact of one user (SPEC §3 'Contact'): `USER#<sub>` / `CONTACT#<ulid>`. It holds the user's own fields and a
 * snapshot of the shared professional profile taken when it was added (name, avatar, role, education, experiences),
 * so a page of the list is one Query; the shared profile (`SHARED#<url>`) is the cache enrichment writes to.
 */
export type ContactItem = {
  uid: string;
  contactId: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  avatarUrl?: string;
  currentRole?: string;
  jobTitle?: string;
  company?: string;
  /** the URL as the user gave it */
  linkedinUrl?: string;
  /** lambdas/contacts/linkedin-url.ts; '' for a contact added by hand */
  canonicalLinkedinUrl?: string;
  /** the shared profile's id (its canonical URL); absent for a contact added by hand */
  sharedContactId?: string;
  email?: string;
  /** 'manual' | 'shared_profile' | 'lookup' | '' */
  emailSource?: string;
  emailQevStatus?: EmailQevStatus;
  emailQevReason?: string;
  emailVerifiedAt?: string;
  /**
   * the risky address the person confirmed for this contact (DESIGN §9): the confirmation holds while the contact's
   * address is this one, so an address changed by hand, an import or a lookup is unconfirmed again
   */
  emailConfirmedFor?: string;
  emailLookupStatus?: EmailLookupStatus;
  emailLookupAttempts?: number;
  emailLookupLastAttempt?: string;
  /** when the redrive sends a 'pending' lookup again (`owedLookupKeys`); absent: `lookupRedriveDelayMs` after lastUpdated */
  emailLookupRedriveAt?: string;
  /** how many times the redrive sent this pending lookup again */
  emailLookupRedrives?: number;
  emailNotFoundConfidence?: number;
  emailPatternUsed?: string;
  linkedinScrapedAt?: string;
  uniquePerplexityFacts?: string[];
  perplexitySearchedAt?: string;
  /** when the user connected with the person on LinkedIn (ISO 8601), as a connections import gave it */
  connectedAt?: string;
  /** SPEC §3 `linkedinData` (shared/schemas/contacts.ts `linkedinDataSchema`) */
  linkedinData?: LinkedinData;
  emailStatus?: string;
  /** the primary draft's subject, body preview and placeholder alternatives, written with it (lambdas/drafts) */
  emailSubject?: string;
  emailBody?: string;
  placeholderAlternatives?: Record<string, string[]>;
  emailSentAt?: string;
  emailProvider?: string;
  /** the status of the contact's newest conversation (its `replyStatus`; lambdas/conversations/contact-mirror.ts) */
  conversationStatus?: string;
  /**
   * which conversation `conversationStatus` is of: its `<createdAt>#<id>`, so a change of an older conversation leaves
   * it alone; never on the wire
   */
  conversationStatusOf?: string;
  /**
   * where the contact stands in the pipeline, as a relationship (shared/relationship.ts): written with every move of
   * its stage (lambdas/data/pipeline.ts), never apart from it
   */
  relationshipStatus?: RelationshipStatus;
  /** when the contact last answered (a reply received, or a conversation marked answered): the funnel's Replied */
  lastReplyAt?: string;
  /** when a meeting with the contact was first booked: the funnel's Meeting */
  meetingBookedAt?: string;
  emailCount?: number;
  lastEmailSentAt?: string;
  hasActiveDraft?: boolean;
  lastEmailStatus?: string;
  aiStrategy?: string;
  notes?: string;
  /** the language AI e-mails to the contact are written in, when not the user's (shared/languages.ts) */
  emailLanguage?: string;
  education?: EducationEntry[];
  experiences?: ExperienceEntry[];
  importedAt: string;
  lastUpdated: string;
};

/** A contact's e-mail fields as shared/addresses.ts reads them (DESIGN §9: which addresses are sent to). */
export const contactAddress = (contact: Pick<ContactItem, 'email' | 'emailQevStatus' | 'emailConfirmedFor'>) => ({
  email: contact.email ?? null,
  emailQevStatus: contact.emailQevStatus ?? null,
  emailConfirmedByUser: Boolean(contact.email) && contact.emailConfirmedFor === contact.email,
});

/** The contact's name as a meeting, a send's activity or an invitation shows it. */
export const contactNameOf = (contact: Pick<ContactItem, 'name' | 'firstName' | 'lastName' | 'email'>) =>
  contact.name?.trim() ||
  [contact.firstName, contact.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') ||
  contact.email?.trim() ||
  'your contact';

/** The text fields a stored contact always holds ('' when nobody gave a value). */
const contactTextFields = [
  'name',
  'firstName',
  'lastName',
  'avatarUrl',
  'currentRole',
  'jobTitle',
  'company',
  'linkedinUrl',
  'canonicalLinkedinUrl',
  'email',
  'emailSource',
  'emailQevReason',
  'emailPatternUsed',
  'emailSubject',
  'emailBody',
  'emailProvider',
  'conversationStatus',
  'lastEmailStatus',
  'aiStrategy',
  'notes',
] as const satisfies readonly (keyof ContactItem)[];

/** The fields of a new contact nobody gave a value (SPEC §3 defaults). */
export const contactDefaults = {
  relationshipStatus: 'new',
  emailStatus: 'empty',
  emailCount: 0,
  emailLookupAttempts: 0,
  emailNotFoundConfidence: 0,
  hasActiveDraft: false,
  uniquePerplexityFacts: [],
  education: [],
  experiences: [],
} as const satisfies Partial<ContactItem>;

export const contactRecord = 'contact';
export const contactUrlRecord = 'contactUrl';

export const contactKey = (uid: string, contactId: string) => ({ pk: tenantKey(uid), sk: `CONTACT#${contactId}` });
export const contactUrlKey = (uid: string, canonicalLinkedinUrl: string) => ({
  pk: tenantKey(uid),
  sk: `CONTACTURL#${canonicalLinkedinUrl}`,
});
const contactsCollection = (uid: string) => `${tenantKey(uid)}#CONTACTS`;

/**
 * A text as a sort key whose byte order (DynamoDB's) follows the list's collation: case and accents folded, spaces
 * before punctuation before digits before letters, as `localeCompare` orders them at its first level. Accents then
 * decide ties (unaccented first), then the contact id.
 */
export const collationKey = (text: string) => {
  const lower = text
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '')
    .toLocaleLowerCase();
  const folded = lower
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[æœßøłđþ]/g, (letter) => foldedLetters[letter] ?? letter);
  const primary = Array.from(folded, (char) => {
    if (/\s/.test(char)) return '\u0002';
    const rank = punctuationOrder.indexOf(char);
    return rank >= 0 ? String.fromCharCode(3 + Math.min(rank, 28)) : char;
  }).join('');
  return `${primary}${separator}${lower}`;
};
/** Below every character a key holds (control characters are dropped), so a shorter text sorts first. */
const separator = '\u0001';
const foldedLetters: Record<string, string> = { æ: 'ae', œ: 'oe', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', þ: 'th' };
/** ICU's order of ASCII punctuation and symbols (all before digits); the last ranks share a code. */
const punctuationOrder = '_-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';

/** What the list sorts a contact's name by: its name, else first and last name (as the list shows it). */
export const sortName = (item: Pick<ContactItem, 'name' | 'firstName' | 'lastName'>) =>
  item.name || `${item.firstName ?? ''} ${item.lastName ?? ''}`;

/**
 * How long a 'pending' lookup may wait for its message before the redrive sends it again
 * (lambdas/contacts/email-lookup-redrive.ts): a lookup takes seconds; its message may be lost between the contact's
 * write and the queue's send.
 */
export const lookupRedriveDelayMs = 5 * 60_000;
/** Partitions of the owed-lookups index, so every add's and every lookup's write does not land on one GSI partition. */
const owedLookupShards = 8;
const owedLookupPartition = (shard: number) => `LOOKUPDUE#${shard}`;
/** What an owed lookup adds to its contact; removed once its status is no longer 'pending'. */
const owedLookupFields = ['gsi2pk', 'gsi2sk', 'emailLookupRedriveAt', 'emailLookupRedrives'] as const;

/**
 * The owed-lookups index keys (gsi2, sparse) of a contact: a contact whose e-mail lookup is 'pending' is owed one, and
 * is listed by when the redrive should send it again; any other status takes it off.
 */
const owedLookupKeys = (item: ContactItem) => {
  if (item.emailLookupStatus !== 'pending') return { gsi2pk: undefined, gsi2sk: undefined };
  const dueAt =
    item.emailLookupRedriveAt ?? new Date(new Date(item.lastUpdated).getTime() + lookupRedriveDelayMs).toISOString();
  return {
    gsi2pk: owedLookupPartition(shardOf(item.contactId, owedLookupShards)),
    gsi2sk: `${dueAt}#${item.contactId}`,
  };
};

/** The attributes an update removes for the owed-lookups index when the contact owes no lookup (any longer). */
const owedLookupRemovals = (item: ContactItem) => (item.emailLookupStatus === 'pending' ? [] : owedLookupFields);

/**
 * The index keys of a contact: a user's contacts by last update (gsi1), name (gsi3), company (gsi4), date added
 * (gsi5); owed lookups by due time (gsi2).
 */
const indexKeys = (item: ContactItem) => ({
  gsi1pk: contactsCollection(item.uid),
  gsi1sk: `${item.lastUpdated}#${item.contactId}`,
  gsi3sk: `${collationKey(sortName(item))}${separator}${item.contactId}`,
  gsi4sk: `${collationKey(item.company ?? '')}${separator}${item.contactId}`,
  gsi5sk: `${item.importedAt}#${item.contactId}`,
  ...owedLookupKeys(item),
});

/** A contact as stored: every field present (text '' and SPEC §3 defaults), keys and index keys, its record type. */
const toItem = (contact: ContactItem) => {
  const stale: readonly string[] = owedLookupRemovals(contact);
  return {
    ...Object.fromEntries(contactTextFields.map((field) => [field, ''])),
    ...contactDefaults,
    ...Object.fromEntries(
      Object.entries(contact).filter(([field, value]) => value !== undefined && !stale.includes(field)),
    ),
    ...contactKey(contact.uid, contact.contactId),
    ...indexKeys(contact),
    entity: contactRecord,
  };
};

// a copy taken before profile texts were cased as people write them reads as a new one (./profile-casing.ts)
const fromItem = (item: Record<string, unknown>) => contactAsCasedNow(item as ContactItem);

/** The size DynamoDB gives a contact as stored (item-size.ts): one over `maxItemBytes` cannot be written. */
export const contactItemBytes = (contact: ContactItem) => itemBytes(toItem(contact));

// one contact of a user (GetItem); another user's id is simply not under this user's key
export const getContact = async (db: DataClient, uid: string, contactId: string): Promise<ContactItem | null> => {
  const { Item } = await db.documents.send(new GetCommand({ TableName: db.table, Key: contactKey(uid, contactId) }));
  return Item ? fromItem(Item) : null;
};

/** What a conversation's change reads of its contact (and the name a notification shows). */
const conversationFieldsRead = [
  'uid',
  'contactId',
  'name',
  'firstName',
  'lastName',
  'conversationStatus',
  'conversationStatusOf',
  'emailSentAt',
  'lastEmailSentAt',
  'lastReplyAt',
] as const satisfies readonly (keyof ContactItem)[];
export type ContactConversationRead = Pick<ContactItem, (typeof conversationFieldsRead)[number]>;

// the fields of a contact a conversation's change depends on (GetItem, consistent: a conditional write follows);
// null when the contact is gone
export const getContactConversationFields = async (
  db: DataClient,
  uid: string,
  contactId: string,
): Promise<ContactConversationRead | null> => {
  const p = expressionParts();
  const { Item } = await db.documents.send(
    new GetCommand({
      TableName: db.table,
      Key: contactKey(uid, contactId),
      ConsistentRead: true,
      ProjectionExpression: conversationFieldsRead.map((field) => p.name(field)).join(', '),
      ExpressionAttributeNames: p.parts.names,
    }),
  );
  return Item ? (Item as ContactConversationRead) : null;
};

/** BatchGetItem takes at most 100 keys. */
const batchGetSize = 100;

// items of a table by key (BatchGetItem by 100, unprocessed keys asked again); missing keys are left out
const batchGetItems = async (db: DataClient, keys: readonly Record<string, unknown>[]) => {
  const found: Record<string, unknown>[] = [];
  for (let index = 0; index < keys.length; index += batchGetSize) {
    let batch = keys.slice(index, index + batchGetSize);
    for (let attempt = 0; batch.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      if (attempt > 6) throw new Error(`${batch.length} items stayed unprocessed`);
      const result = await db.documents.send(new BatchGetCommand({ RequestItems: { [db.table]: { Keys: batch } } }));
      found.push(...(result.Responses?.[db.table] ?? []));
      batch = result.UnprocessedKeys?.[db.table]?.Keys ?? [];
    }
  }
  return found;
};

// some contacts of a user by id (BatchGetItem); missing ids are left out
export const getContacts = async (db: DataClient, uid: string, contactIds: readonly string[]): Promise<ContactItem[]> =>
  (
    await batchGetItems(
      db,
      contactIds.map((id) => contactKey(uid, id)),
    )
  ).map(fromItem);

/**
 * Some contacts of a user by id, as `getContacts`, and in the same BatchGetItem the head of the user's directory:
 * `directoryUnchanged` when it says the directory is still what this Lambda last read of it (`knownDirectory`; see
 * lambdas/data/contact-directory.ts `confirmedByHead`).
 */
export const getContactsConfirmingDirectory = async (db: DataClient, uid: string, contactIds: readonly string[]) => {
  const head = directoryHeadKey(uid);
  const items = await batchGetItems(db, [head, ...contactIds.map((id) => contactKey(uid, id))]);
  const headItem = items.find((item) => item.sk === head.sk);
  return {
    contacts: items.filter((item) => item !== headItem).map(fromItem),
    directoryUnchanged: confirmedByHead(db, uid, headItem),
  };
};

// the user's contact of a canonical LinkedIn URL, by its claim (GetItem); null when the user has none
export const getContactIdByUrl = async (db: DataClient, uid: string, canonicalLinkedinUrl: string) => {
  const { Item } = await db.documents.send(
    new GetCommand({
      TableName: db.table,
      Key: contactUrlKey(uid, canonicalLinkedinUrl),
      ProjectionExpression: 'contactId',
    }),
  );
  return typeof Item?.contactId === 'string' ? Item.contactId : null;
};

export type ContactOrder = 'last_updated' | 'name' | 'company' | 'imported_at';
const orderPattern = {
  last_updated: accessPatterns.contactsByLastUpdate,
  name: accessPatterns.contactsByName,
  company: accessPatterns.contactsByCompany,
  imported_at: accessPatterns.contactsByDateAdded,
} as const;

/** A page position: the keys of a page's last item (LastEvaluatedKey); the service seals it into a signed cursor. */
export type PagePosition = Record<string, string>;

/** Whether `position` is keys of this user's contacts in this order; else the position is unknown. */
const isPositionOf = (position: unknown, uid: string, order: ContactOrder): position is PagePosition => {
  if (position === null || typeof position !== 'object' || Array.isArray(position)) return false;
  const key = position as Record<string, unknown>;
  const { partitionKey, sortKey } = orderPattern[order];
  const names = ['pk', 'sk', partitionKey, sortKey];
  return (
    Object.keys(key).length === names.length &&
    names.every((name) => typeof key[name] === 'string') &&
    key.pk === tenantKey(uid) &&
    key[partitionKey] === contactsCollection(uid) &&
    String(key.sk).startsWith('CONTACT#')
  );
};

export class UnknownCursorError extends Error {
  override name = 'UnknownCursorError';
}

// a page of a user's contacts in one order (Query of its access pattern), after `after` (a previous page's `next`)
export const contactsPage = async (
  db: DataClient,
  uid: string,
  page: { order: ContactOrder; direction: 'asc' | 'desc'; limit: number; after?: unknown },
): Promise<{ items: ContactItem[]; next: PagePosition | null }> => {
  if (page.after !== undefined && !isPositionOf(page.after, uid, page.order)) {
    throw new UnknownCursorError('Unknown cursor');
  }
  const result = await db.documents.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: orderPattern[page.order].index,
      KeyConditionExpression: `${orderPattern[page.order].partitionKey} = :collection`,
      ExpressionAttributeValues: { ':collection': contactsCollection(uid) },
      ScanIndexForward: page.direction === 'asc',
      Limit: page.limit,
      ...(page.after !== undefined ? { ExclusiveStartKey: page.after as PagePosition } : {}),
    }),
  );
  const items = (result.Items ?? []).map(fromItem);
  return { items, next: result.LastEvaluatedKey && items.length ? (result.LastEvaluatedKey as PagePosition) : null };
};

// every contact of a user, list fields only, newest update first (Query by last update with a projection, paged): reads
// every contact, so only to rebuild the directory
const contactListEntries = async (db: DataClient, uid: string): Promise<Partial<ContactItem>[]> => {
  const entries: Partial<ContactItem>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.documents.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: accessPatterns.contactsByLastUpdate.index,
        KeyConditionExpression: `${accessPatterns.contactsByLastUpdate.partitionKey} = :collection`,
        ExpressionAttributeValues: { ':collection': contactsCollection(uid) },
        ProjectionExpression: directoryFields.map((_, index) => `#f${index}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(directoryFields.map((name, index) => [`#f${index}`, name])),
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    entries.push(...((result.Items ?? []) as Partial<ContactItem>[]));
    start = result.LastEvaluatedKey;
  } while (start);
  return entries;
};

/**
 * The list fields of every contact of a user, from the directory (one Query). The first read of a user in a Lambda
 * also reads the quota's contact count (one GetItem, side by side): a directory whose count is off (contacts written
 * before it existed) is rebuilt from the contacts first. Later reads ask only for the chunks that changed (every
 * contact write since changes its line in the same transaction, so the count cannot drift again).
 */
export const contactDirectory = async (db: DataClient, uid: string): Promise<readonly DirectoryEntry[]> => {
  if (hasDirectorySnapshot(db, uid)) return readDirectory(db, uid);
  const [entries, count] = await Promise.all([readDirectory(db, uid), getContactCount(db, uid)]);
  if (count === null || entries.length === count) return entries;
  forgetDirectorySnapshot(db, uid);
  const contacts = await contactListEntries(db, uid);
  await rebuildDirectory(db, uid, contacts);
  return contacts.map(toEntry);
};

/** Times a contact write is tried again because its directory chunk changed in between (another contact's write). */
const directoryRetries = 10;

/**
 * `writes` and the contact's line in its directory chunk with the chunk's number on the directory's head
 * (lambdas/data/contact-directory.ts, the writes named `directory`) in one transaction. A chunk changed since it was
 * read, or the head held by another write of the user's (only those stopped it), is read again and the whole tried
 * again; the outcome is read by the names of `writes`. A write of some fields of an existing contact names them
 * (`changed`): only those of its line change, so a change made since the caller read the contact stays in the line.
 */
const transactWithDirectory = async <Writes extends NamedWrites>(
  db: DataClient,
  contact: Pick<ContactItem, 'uid' | 'contactId'>,
  entry: DirectoryEntry | null,
  writes: Writes,
  changed?: readonly DirectoryField[],
) => {
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await transact(db, {
      ...writes,
      directory: await directoryWrite(db, contact.uid, contact.contactId, entry, changed),
    });
    if (outcome.done) return outcome;
    const onlyDirectory = outcome.stoppedBy.has('directory') && outcome.stoppedBy.size === 1;
    if (!onlyDirectory || attempt >= directoryRetries) return outcome;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
};

/**
 * Adds a contact in ONE transaction (DESIGN §3): a slot of the `quota` (see `useSlotWrite`), the `contact` and, for a
 * LinkedIn contact, the user's `claim` on its URL (so one user never holds the same person twice, even under
 * concurrent adds).
 */
export const addContactWithSlot = (
  db: DataClient,
  contact: ContactItem,
  use: { slot: 'bonus' | 'regular'; periodStart: string; allowed: number },
) => {
  const putNew = (Item: Record<string, unknown>) => {
    const p = expressionParts();
    return { Put: { TableName: db.table, Item, ConditionExpression: itemMissing(p), ...expressionAttributes(p) } };
  };
  return transactWithDirectory(db, contact, toEntry(contact), {
    quota: useSlotWrite(db, contact.uid, use),
    contact: putNew(toItem(contact)),
    claim: contact.canonicalLinkedinUrl
      ? putNew({
          ...contactUrlKey(contact.uid, contact.canonicalLinkedinUrl),
          uid: contact.uid,
          canonicalLinkedinUrl: contact.canonicalLinkedinUrl,
          contactId: contact.contactId,
          entity: contactUrlRecord,
        })
      : undefined,
  });
};

/** Removes a `contact` (refused when it is gone), its URL `claim` and one from the quota's `count`: one transaction. */
export const removeContact = (
  db: DataClient,
  contact: Pick<ContactItem, 'uid' | 'contactId' | 'canonicalLinkedinUrl'>,
) => {
  const p = expressionParts();
  return transactWithDirectory(db, contact, null, {
    contact: {
      Delete: {
        TableName: db.table,
        Key: contactKey(contact.uid, contact.contactId),
        ConditionExpression: itemExists(p),
        ...expressionAttributes(p),
      },
    },
    claim: contact.canonicalLinkedinUrl
      ? { Delete: { TableName: db.table, Key: contactUrlKey(contact.uid, contact.canonicalLinkedinUrl) } }
      : undefined,
    count: contactRemovedWrite(db, contact.uid),
  });
};

/**
 * Changes fields of an existing contact; `current` is the contact as read, so the index keys its order depends on
 * move with it (and `also` with it, in one transaction). Answers the contact after the change, or null when it is gone.
 */
export const changeContact = async (
  db: DataClient,
  current: ContactItem,
  change: { set: Partial<ContactItem>; remove?: readonly (keyof ContactItem)[] },
  /** named writes of other items in the same transaction, holding whatever they find (its move in the pipeline) */
  also: NamedWrites = {},
): Promise<ContactItem | null> => {
  const next = { ...current, ...change.set };
  for (const name of change.remove ?? []) delete next[name];
  const remove = [...(change.remove ?? []), ...owedLookupRemovals(next)];
  const outcome = await transactWithDirectory(
    db,
    current,
    toEntry(next),
    {
      ...also,
      contact: {
        Update: updateParams(
          db.table,
          contactKey(current.uid, current.contactId),
          { set: { ...change.set, ...indexKeys(next) }, ...(remove.length ? { remove } : {}) },
          itemExists,
        ),
      },
    },
    directoryFieldsAmong([...Object.keys(change.set), ...remove]),
  );
  if (outcome.done) return next;
  if (outcome.refused.has('contact')) return null;
  throw new Error(`Changing the contact was refused: ${outcome.summary}`);
};

/**
 * The angle an AI-written e-mail to the contact took (SPEC §3 `aiStrategy`), on an existing contact. Not a
 * field of the directory or of any index: one UpdateItem, so a batch's e-mails write it side by side. False when the
 * contact is gone.
 */
export const setContactAiStrategy = (db: DataClient, uid: string, contactId: string, aiStrategy: string) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(updateParams(db.table, contactKey(uid, contactId), { set: { aiStrategy } }, itemExists)),
    ),
  );

/** What a contact's record of its conversations may change (lambdas/conversations/contact-mirror.ts). */
export type ContactConversationFields = Partial<
  Pick<
    ContactItem,
    | 'conversationStatus'
    | 'conversationStatusOf'
    | 'emailStatus'
    | 'lastEmailStatus'
    | 'emailProvider'
    | 'emailSentAt'
    | 'lastEmailSentAt'
    | 'lastReplyAt'
  >
>;

/**
 * What an event touches of a contact's list fields: its last update (the list's 'Recently updated' order: a reply, an
 * e-mail sent, a move in the pipeline moves it up) and, when its stage moved, its relationship.
 */
export type ContactTouch = { lastUpdated: string; relationshipStatus?: RelationshipStatus };

/** The contact's fields (and the index key of its order by last update) a touch sets. */
const touchedFields = (contactId: string, touch: ContactTouch) => ({
  lastUpdated: touch.lastUpdated,
  gsi1sk: `${touch.lastUpdated}#${contactId}`,
  ...(touch.relationshipStatus ? { relationshipStatus: touch.relationshipStatus } : {}),
});

/**
 * The directory writes of a touch (lambdas/data/contact-directory.ts): they go in the same transaction as the write
 * that touches the contact (`contactConversationWrite` with `touch`, `contactTouchWrite`), so the list's filter and
 * order never drift from the contact.
 */
export const contactTouchLineWrites = (db: DataClient, uid: string, contactId: string, touch: ContactTouch) =>
  directoryLinePatch(db, uid, contactId, {
    lastUpdated: touch.lastUpdated,
    ...(touch.relationshipStatus ? { relationshipStatus: touch.relationshipStatus } : {}),
  });

/**
 * A write, for another domain's transaction (a move in the pipeline), that touches an existing contact: `touch`, and
 * `set` fields of no index or directory (a milestone). Refused when the contact is gone.
 */
export const contactTouchWrite = (
  db: DataClient,
  uid: string,
  contactId: string,
  touch: ContactTouch,
  set: Partial<Pick<ContactItem, 'meetingBookedAt'>> = {},
) => ({
  Update: updateParams(
    db.table,
    contactKey(uid, contactId),
    { set: { ...set, ...touchedFields(contactId, touch) } },
    itemExists,
  ),
});

/**
 * Puts right a contact whose relationship is not its stage's (written before the relationship followed the stage):
 * the relationship on the contact and its directory line, in one transaction with `also` (the check that its stage
 * is still the one read), the contact's order left as it is. False when it could not be written now (the contact is
 * gone, its stage or its chunk moved meanwhile: the next read tries again).
 */
export const repairContactRelationship = async (
  db: DataClient,
  uid: string,
  contactId: string,
  relationshipStatus: RelationshipStatus,
  also: NamedWrites,
) => {
  const outcome = await transact(db, {
    ...also,
    contact: {
      Update: updateParams(db.table, contactKey(uid, contactId), { set: { relationshipStatus } }, itemExists),
    },
    line: await directoryLinePatch(db, uid, contactId, { relationshipStatus }),
  });
  return outcome.done;
};

/**
 * A contact's milestone without a touch (an event that moved no stage, say a meeting booked with a contact dragged
 * to Closed): the first time only; one UpdateItem. False when the contact is gone.
 */
export const setContactMilestone = (
  db: DataClient,
  uid: string,
  contactId: string,
  field: 'meetingBookedAt',
  at: string,
) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          contactKey(uid, contactId),
          { set: { [field]: at } },
          (p) => `${itemExists(p)} AND attribute_not_exists(${p.name(field)})`,
        ),
      ),
    ),
  );

/**
 * A write, for another domain's transaction, of the fields a contact keeps of its conversations (none of them a field of
 * the directory or of an index, so the contact's directory chunk is not written with it): `set`, and `addEmails` to
 * its `emailCount`; with `touch`, also its last update and relationship, whose directory line the caller writes in the
 * same transaction (`contactTouchLineWrites`). It holds only while the contact exists (a contact deleted meanwhile is
 * never written back) and each field of `unchanged` is still as `read` holds it (absent when it held none);
 * otherwise the transaction is refused and its writer reads again.
 */
export const contactConversationWrite = (
  db: DataClient,
  read: ContactConversationRead,
  change: { set: ContactConversationFields; addEmails?: number; touch?: ContactTouch },
  unchanged: readonly (keyof ContactConversationFields & keyof ContactConversationRead)[],
) => {
  const listed = Object.keys(change.set).filter((field) => (directoryFields as readonly string[]).includes(field));
  if (listed.length) throw new Error(`${listed.join(', ')} must be written with the contact's directory line`);
  return contactConversationUpdate(db, read, change, unchanged);
};

const contactConversationUpdate = (
  db: DataClient,
  read: ContactConversationRead,
  change: { set: ContactConversationFields; addEmails?: number; touch?: ContactTouch },
  unchanged: readonly (keyof ContactConversationFields & keyof ContactConversationRead)[],
) => ({
  Update: updateParams(
    db.table,
    contactKey(read.uid, read.contactId),
    {
      set: { ...change.set, ...(change.touch ? touchedFields(read.contactId, change.touch) : {}) },
      ...(change.addEmails ? { add: { emailCount: change.addEmails } } : {}),
    },
    (p) =>
      [
        itemExists(p),
        ...unchanged.map((field) =>
          read[field] === undefined
            ? `attribute_not_exists(${p.name(field)})`
            : `${p.name(field)} = ${p.value(read[field])}`,
        ),
      ].join(' AND '),
  ),
});

/** The e-mail fields of a contact (SPEC §3) a lookup or a verification writes. */
export type ContactEmailFields = Partial<
  Pick<
    ContactItem,
    | 'email'
    | 'emailSource'
    | 'emailQevStatus'
    | 'emailQevReason'
    | 'emailVerifiedAt'
    | 'emailLookupStatus'
    | 'emailLookupAttempts'
    | 'emailLookupLastAttempt'
    | 'emailNotFoundConfidence'
    | 'emailPatternUsed'
  >
>;

/**
 * Writes the e-mail fields of a contact only if its lookup attempt count is still `expectedAttempts`, so a redelivered
 * or concurrent message for a spent attempt changes nothing. Answers false when the contact is gone or the count moved.
 * `lastUpdated` moves too (the list's order).
 */
export const setContactEmail = async (
  db: DataClient,
  contact: ContactItem,
  fields: ContactEmailFields,
  options: { expectedAttempts: number; lastUpdated: string; expectedCompany?: string },
) => {
  const set = { ...fields, lastUpdated: options.lastUpdated };
  const next = { ...contact, ...set };
  const remove = owedLookupRemovals(next);
  const outcome = await transactWithDirectory(
    db,
    contact,
    toEntry(next),
    {
      contact: {
        Update: updateParams(
          db.table,
          contactKey(contact.uid, contact.contactId),
          {
            set: { ...set, gsi1sk: `${options.lastUpdated}#${contact.contactId}`, ...owedLookupKeys(next) },
            ...(remove.length ? { remove } : {}),
          },
          (p) => {
            const attempts = p.name('emailLookupAttempts');
            const exists = itemExists(p);
            const attemptsHeld =
              options.expectedAttempts === 0
                ? `(attribute_not_exists(${attempts}) OR ${attempts} = ${p.value(0)})`
                : `${attempts} = ${p.value(options.expectedAttempts)}`;
            if (options.expectedCompany === undefined) return `${exists} AND ${attemptsHeld}`;
            // the lookup's domain came from the company it read (lambdas/contacts/email-lookup.ts)
            const company = p.name('company');
            const companyHeld = options.expectedCompany
              ? `${company} = ${p.value(options.expectedCompany)}`
              : `(attribute_not_exists(${company}) OR ${company} = ${p.value('')})`;
            return `${exists} AND ${attemptsHeld} AND ${companyHeld}`;
          },
        ),
      },
    },
    directoryFieldsAmong([...Object.keys(set), ...remove]),
  );
  if (outcome.done) return true;
  if (outcome.refused.has('contact')) return false;
  throw new Error(`Writing the contact's e-mail was refused: ${outcome.summary}`);
};

// contacts of every user owing an e-mail lookup whose redrive time is before `now`, the longest due first (one Query
// of the owed-lookups index per partition, up to `perPartition` each; the rest on the next run)
export const dueLookups = async (db: DataClient, now: Date, perPartition: number): Promise<ContactItem[]> =>
  (
    await dueOnShardedIndex(db, {
      index: accessPatterns.owedLookups.index,
      partitions: Array.from({ length: owedLookupShards }, (_, shard) => owedLookupPartition(shard)),
      before: now.toISOString(),
      perPartition,
    })
  ).map(fromItem);

/** The contact still owes the lookup it owed when read: pending, the same redrive time, no attempt spent since. */
const stillOwed = (contact: ContactItem) => (p: Placeholders) => {
  const attempts = p.name('emailLookupAttempts');
  const seen = contact.emailLookupAttempts ?? 0;
  return [
    itemExists(p),
    `${p.name('emailLookupStatus')} = ${p.value('pending')}`,
    `${p.name('gsi2sk')} = ${p.value(owedLookupKeys(contact).gsi2sk)}`,
    seen === 0
      ? `(attribute_not_exists(${attempts}) OR ${attempts} = ${p.value(0)})`
      : `${attempts} = ${p.value(seen)}`,
  ].join(' AND ');
};

/**
 * Counts a redrive of an owed lookup and sets when the next one is due, only if the contact still owes the lookup it
 * owed when read (so two runs never both send it). False when it moved on (the lookup ran, the contact is gone).
 */
export const postponeOwedLookup = (db: DataClient, contact: ContactItem, redriveAt: string) => {
  const next = {
    ...contact,
    emailLookupRedriveAt: redriveAt,
    emailLookupRedrives: (contact.emailLookupRedrives ?? 0) + 1,
  };
  return writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          contactKey(contact.uid, contact.contactId),
          {
            set: {
              emailLookupRedriveAt: next.emailLookupRedriveAt,
              emailLookupRedrives: next.emailLookupRedrives,
              gsi2sk: owedLookupKeys(next).gsi2sk,
            },
          },
          stillOwed(contact),
        ),
      ),
    ),
  );
};

/**
 * Gives an owed lookup up: status 'error' (the user may ask again), off the owed-lookups index; only if the contact
 * still owes the lookup it owed when read. False when it moved on.
 */
export const abandonOwedLookup = async (db: DataClient, contact: ContactItem, at: string) => {
  const set = { emailLookupStatus: 'error' as const, lastUpdated: at };
  const outcome = await transactWithDirectory(
    db,
    contact,
    toEntry({ ...contact, ...set }),
    {
      contact: {
        Update: updateParams(
          db.table,
          contactKey(contact.uid, contact.contactId),
          { set: { ...set, gsi1sk: `${at}#${contact.contactId}` }, remove: owedLookupFields },
          stillOwed(contact),
        ),
      },
    },
    directoryFieldsAmong(Object.keys(set)),
  );
  if (outcome.done) return true;
  if (outcome.refused.has('contact')) return false;
  throw new Error(`Giving the lookup up was refused: ${outcome.summary}`);
};

/** Stores many contacts as they are, and their directory lines (seeding: the benchmark, tests); no quota, no claims. */
export const putContacts = async (db: DataClient, contacts: readonly ContactItem[]) => {
  await batchWrite(
    db,
    contacts.map((contact) => ({ PutRequest: { Item: toItem(contact) } })),
  );
  for (const uid of new Set(contacts.map((contact) => contact.uid))) {
    await addToDirectory(
      db,
      uid,
      contacts.filter((contact) => contact.uid === uid),
    );
  }
};
