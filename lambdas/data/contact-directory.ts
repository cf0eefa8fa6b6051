import { GetCommand, QueryCommand } from './dynamo.js';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { DataClient } from './client.js';
import type { ContactItem } from './contact.js';
import { transact } from './entity/transaction.js';
import { tenantKey } from './entity/keys.js';

/**
 * A user's contact directory: the fields the contact list searches, filters and sorts on, for every contact, kept in a
 * few items (`USER#<sub>` / `CONTACTDIR#<c>`, one per last character of the contact id) so a search or a filter over
 * thousands of contacts is one Query of about a hundred KB instead of reading every contact. Each chunk is one
 * deflated binary attribute (a text line per contact; lines repeat a lot, so it shrinks 5-8x, and with it the read
 * and the write units every contact write spends on its chunk) with a version: every contact write changes its line
 * in the same transaction, conditioned on the version it read, so the directory never drifts from the contacts. The
 * same transaction sets the chunk's new version on the directory's head (`USER#<sub>` / `CONTACTDIR`, one number per
 * chunk): a Lambda that read the directory before learns from that one small item, read in the BatchGetItem of a
 * search's page, whether anything changed (lambdas/contacts/service.ts).
 */
export const directoryFields = [
  'contactId',
  'lastUpdated',
  'importedAt',
  'emailLookupStatus',
  'relationshipStatus',
  'name',
  'firstName',
  'lastName',
  'company',
  'jobTitle',
  'currentRole',
] as const satisfies readonly (keyof ContactItem)[];

export type DirectoryField = (typeof directoryFields)[number];
export type DirectoryEntry = { [K in DirectoryField]: string };

export const directoryRecord = 'contactDirectory';
const prefix = 'CONTACTDIR#';
const chunkOf = (contactId: string) => contactId.slice(-1);
const chunkKey = (uid: string, chunk: string) => ({ pk: tenantKey(uid), sk: `${prefix}${chunk}` });
/** The directory's head: `v_<chunk>` the version of each chunk, set with the chunk (no Query of the chunks finds it). */
export const directoryHeadKey = (uid: string) => ({ pk: tenantKey(uid), sk: 'CONTACTDIR' });
const headVersion = 'v_';
/** The head's attribute holding the version of the chunk that `contactId`'s line is in. */
export const headVersionOf = (contactId: string) => `${headVersion}${chunkOf(contactId)}`;

/** Tabs and line breaks separate fields and entries, so a field never holds one. */
const clean = (value: unknown) => (typeof value === 'string' ? value.replace(/[\t\r\n]/g, ' ') : '');

export const toEntry = (contact: Partial<ContactItem>): DirectoryEntry =>
  Object.fromEntries(directoryFields.map((field) => [field, clean(contact[field])])) as DirectoryEntry;

const formatLine = (entry: DirectoryEntry) => directoryFields.map((field) => entry[field]).join('\t');

/** One line back into its entry (written out field by field: this runs for every contact of every search). */
const parseLine = (line: string): DirectoryEntry => {
  const [
    contactId = '',
    lastUpdated = '',
    importedAt = '',
    emailLookupStatus = '',
    relationshipStatus = '',
    name = '',
    firstName = '',
    lastName = '',
    company = '',
    jobTitle = '',
    currentRole = '',
  ] = line.split('\t');
  return {
    contactId,
    lastUpdated,
    importedAt,
    emailLookupStatus,
    relationshipStatus,
    name,
    firstName,
    lastName,
    company,
    jobTitle,
    currentRole,
  };
};

const parseChunk = (stored: unknown) => {
  if (!(stored instanceof Uint8Array) || stored.length === 0) return [];
  const text = inflateRawSync(stored).toString('utf8');
  return text === '' ? [] : text.split('\n').map(parseLine);
};

const storeChunk = (lines: readonly DirectoryEntry[]) =>
  deflateRawSync(Buffer.from(lines.map(formatLine).join('\n'), 'utf8'));

/**
 * What a Lambda last read of a user's directory: each chunk's version and lines, and every line in one array. The next
 * search asks the table only for the chunks whose version moved (every contact write moves its chunk's version, in its
 * own transaction), so a warm Lambda reads a few KB instead of the whole directory and parses only what changed. Kept
 * per data client (one per Lambda) for the last few users it served.
 */
type Snapshot = {
  chunks: Map<string, { version: number; lines: DirectoryEntry[] }>;
  entries: DirectoryEntry[];
  /** when the chunks themselves last said what changed (Date.now()) */
  checkedAt: number;
};

const snapshots = new WeakMap<DataClient, Map<string, Snapshot>>();

/** Users whose directory a Lambda keeps (about 1 MB each at 5,000 contacts). */
export const directorySnapshotUsers = 20;

const snapshotsOf = (db: DataClient) => {
  let users = snapshots.get(db);
  if (!users) {
    users = new Map();
    snapshots.set(db, users);
  }
  return users;
};

const keepSnapshot = (db: DataClient, uid: string, snapshot: Snapshot) => {
  const users = snapshotsOf(db);
  // most recently used last: the first is the one to drop
  users.delete(uid);
  users.set(uid, snapshot);
  for (const oldest of users.keys()) {
    if (users.size <= directorySnapshotUsers) break;
    users.delete(oldest);
  }
};

/** Forgets what this Lambda read of a user's directory (it was rebuilt: read it whole again). */
export const forgetDirectorySnapshot = (db: DataClient, uid: string) => snapshotsOf(db).delete(uid);

/** Whether this Lambda has read the user's directory before (the next read asks only for what changed). */
export const hasDirectorySnapshot = (db: DataClient, uid: string) => snapshotsOf(db).has(uid);

/**
 * The entries this Lambda last read of the user's directory, without asking the table (null when it read none): what
 * the next read answers, the very same array, unless a chunk changed since. A search works out its page from them
 * while the table is asked (lambdas/contacts/service.ts).
 */
export const knownDirectory = (db: DataClient, uid: string): readonly DirectoryEntry[] | null =>
  snapshotsOf(db).get(uid)?.entries ?? null;

/**
 * Every entry of a user's directory (Query on the user's partition, sort keys CONTACTDIR#..., paged past 1 MB). With
 * a snapshot of an earlier read, the Query filters out the chunks still at the versions known, so only changed ones
 * come back (a chunk written before it held its `chunk` name always comes back, until its next write). A chunk is
 * never deleted while its user exists (emptied chunks stay, at a new version), so a chunk that does not come back is
 * one that did not change; when none came back the answer is the snapshot's own array (`knownDirectory`), so what a
 * caller worked out from it (its order, a page) still holds.
 */
export const readDirectory = async (db: DataClient, uid: string): Promise<readonly DirectoryEntry[]> => {
  const known = snapshotsOf(db).get(uid);
  const chunks = new Map(known?.chunks);
  const unchanged = [...(known?.chunks ?? [])];
  const names: Record<string, string> = { '#chunk': 'chunk', '#version': 'version' };
  const values: Record<string, unknown> = { ':pk': tenantKey(uid), ':prefix': prefix };
  unchanged.forEach(([chunk, { version }], index) => {
    values[`:s${index}`] = chunk;
    values[`:v${index}`] = version;
  });
  const filter = unchanged.length
    ? {
        // AND binds before OR, and DynamoDB refuses parentheses it does not need (around a single pair, say)
        FilterExpression: `NOT (${unchanged.map((_, index) => `#chunk = :s${index} AND #version = :v${index}`).join(' OR ')})`,
        ExpressionAttributeNames: names,
      }
    : {};
  let changed = false;
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.documents.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: values,
        ...filter,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of result.Items ?? []) {
      const chunk = String(item.sk).slice(prefix.length);
      chunks.set(chunk, { version: Number(item.version ?? 0), lines: parseChunk(item.entries) });
      changed = true;
    }
    start = result.LastEvaluatedKey;
  } while (start);
  const snapshot =
    known && !changed
      ? { ...known, checkedAt: Date.now() }
      : { chunks, entries: [...chunks.values()].flatMap((chunk) => chunk.lines), checkedAt: Date.now() };
  keepSnapshot(db, uid, snapshot);
  return snapshot.entries;
};

/**
 * How long a snapshot is confirmed by the head alone before the chunks are asked again: the head is written with
 * every chunk by this module, and this bounds what a chunk written otherwise (a Lambda still on older code during a
 * deploy) could hide from a search.
 */
export const directoryHeadTrustMs = 60_000;

/** Whether the user's directory can be confirmed unchanged by its head (this Lambda read it lately). */
export const headCanConfirm = (db: DataClient, uid: string) => {
  const known = snapshotsOf(db).get(uid);
  return known !== undefined && Date.now() - known.checkedAt < directoryHeadTrustMs;
};

/**
 * Whether the head read now (undefined: none) says every chunk is at the version this Lambda last read of it, and no
 * chunk is there that it did not read; then `knownDirectory` is the directory as it is now. A chunk the head does not
 * name (written before the head existed) is never confirmed this way: `readDirectory` asks the chunks.
 */
export const confirmedByHead = (db: DataClient, uid: string, head: Record<string, unknown> | undefined) => {
  const known = snapshotsOf(db).get(uid);
  if (!known || !head) return false;
  const named = Object.keys(head).filter((name) => name.startsWith(headVersion));
  if (named.length !== known.chunks.size) return false;
  for (const name of named) {
    if (known.chunks.get(name.slice(headVersion.length))?.version !== head[name]) return false;
  }
  keepSnapshot(db, uid, known);
  return true;
};

/** The chunk as read now (consistently): its version (0 when it does not exist yet) and its lines. */
const readChunk = async (db: DataClient, key: Record<string, string>) => {
  const { Item } = await db.documents.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  return { version: typeof Item?.version === 'number' ? Item.version : 0, lines: parseChunk(Item?.entries) };
};

/**
 * The writes of a chunk's next version: its Put, holding only if the chunk is still at `version`, and the head's number
 * for it (no condition: writes of one chunk are in turn by its version, so the head's number is the last one's).
 */
const chunkWrites = (
  db: DataClient,
  key: ReturnType<typeof chunkKey>,
  uid: string,
  version: number,
  lines: DirectoryEntry[],
) => {
  const chunk = key.sk.slice(prefix.length);
  return [
    {
      Put: {
        TableName: db.table,
        // `chunk` repeats the sort key's end for the snapshot's filter (a filter cannot name a key attribute)
        Item: { ...key, uid, entity: directoryRecord, chunk, version: version + 1, entries: storeChunk(lines) },
        ConditionExpression: version === 0 ? 'attribute_not_exists(version)' : 'version = :seen',
        ...(version === 0 ? {} : { ExpressionAttributeValues: { ':seen': version } }),
      },
    },
    {
      Update: {
        TableName: db.table,
        Key: directoryHeadKey(uid),
        UpdateExpression: 'SET #version = :version, #uid = :uid, #entity = :entity',
        ExpressionAttributeNames: { '#version': `${headVersion}${chunk}`, '#uid': 'uid', '#entity': 'entity' },
        ExpressionAttributeValues: { ':version': version + 1, ':uid': uid, ':entity': directoryRecord },
      },
    },
  ];
};

/** Whether a chunk's writes went in; false when the chunk (or the head) changed meanwhile. */
const writtenChunk = async (db: DataClient, writes: ReturnType<typeof chunkWrites>) =>
  (await transact(db, { chunk: writes })).done;

/** The lines of `contacts` by the chunk they belong to. */
const byChunk = (contacts: readonly Partial<ContactItem>[], chunks: readonly string[] = []) => {
  const grouped = new Map<string, DirectoryEntry[]>(chunks.map((chunk) => [chunk, []]));
  for (const contact of contacts) {
    const entry = toEntry(contact);
    grouped.set(chunkOf(entry.contactId), [...(grouped.get(chunkOf(entry.contactId)) ?? []), entry]);
  }
  return grouped;
};

/**
 * The transaction writes that set (or, with null, remove) the line of `contactId`, from the chunk as read now: the
 * chunk (holding only if nobody changed it since: its version) and then the head's number for it.
 */
export const directoryWrite = async (
  db: DataClient,
  uid: string,
  contactId: string,
  entry: DirectoryEntry | null,
  /**
   * The fields the write changes (a change of some fields of an existing contact): the line's other fields stay as the
   * chunk holds them now. The caller built `entry` from the contact as it read it, which may be older than a change
   * made since by someone else (an event moving its relationship: `directoryLinePatch`); the chunk, written with every
   * change of the contact, is not. @default every field (a new contact)
   */
  changed?: readonly DirectoryField[],
) => {
  const key = chunkKey(uid, chunkOf(contactId));
  const { version, lines } = await readChunk(db, key);
  const line = lines.find((candidate) => candidate.contactId === contactId);
  const kept = lines.filter((candidate) => candidate !== line);
  const written =
    entry && line && changed
      ? { ...line, ...Object.fromEntries(changed.map((field) => [field, entry[field]])), contactId }
      : entry;
  return chunkWrites(db, key, uid, version, written ? [...kept, written] : kept);
};

/** The directory's fields among `fields` (the keys a contact write sets or removes). */
export const directoryFieldsAmong = (fields: Iterable<string>): DirectoryField[] => {
  const given = new Set(fields);
  return directoryFields.filter((field) => given.has(field));
};

/**
 * The transaction writes that change some fields of `contactId`'s line (an event's relationship and last update: its
 * stage moved, a conversation changed), from the chunk as read now: the chunk (holding only if nobody changed it since)
 * and the head's number for it. None when the chunk holds no line of it (contacts written before the directory:
 * its rebuild reads them from the contacts themselves).
 */
export const directoryLinePatch = async (
  db: DataClient,
  uid: string,
  contactId: string,
  patch: Partial<Omit<DirectoryEntry, 'contactId'>>,
) => {
  const key = chunkKey(uid, chunkOf(contactId));
  const { version, lines } = await readChunk(db, key);
  const line = lines.find((entry) => entry.contactId === contactId);
  if (!line) return [];
  const patched = {
    ...line,
    ...Object.fromEntries(Object.entries(patch).map(([field, value]) => [field, clean(value)])),
  };
  return chunkWrites(
    db,
    key,
    uid,
    version,
    lines.map((entry) => (entry === line ? patched : entry)),
  );
};

/**
 * Adds the lines of `contacts` to a user's directory (seeding many contacts at once: the benchmark, tests); a chunk
 * changed meanwhile is read and merged again.
 */
export const addToDirectory = async (db: DataClient, uid: string, contacts: readonly Partial<ContactItem>[]) => {
  for (const [chunk, entries] of byChunk(contacts)) {
    const key = chunkKey(uid, chunk);
    const ids = new Set(entries.map((entry) => entry.contactId));
    for (let attempt = 0; ; attempt += 1) {
      const { version, lines } = await readChunk(db, key);
      const merged = [...lines.filter((line) => !ids.has(line.contactId)), ...entries];
      if (await writtenChunk(db, chunkWrites(db, key, uid, version, merged))) break;
      if (attempt >= 5) throw new Error(`The directory chunk ${chunk} kept changing while contacts were added to it`);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
    }
  }
};

/**
 * Replaces a user's directory with the lines of `contacts`, every contact the user has (read from the contacts
 * themselves, the truth): for contacts written before the directory existed, or a directory that lost count. Chunk by
 * chunk (each sets the head too, so not side by side); a chunk changed meanwhile is left as it is, and the next search
 * sees the count still off and rebuilds again.
 */
export const rebuildDirectory = async (db: DataClient, uid: string, contacts: readonly Partial<ContactItem>[]) => {
  const { Items = [] } = await db.documents.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': prefix },
      ProjectionExpression: 'sk, version',
      ConsistentRead: true,
    }),
  );
  const versions = new Map(Items.map((item) => [String(item.sk).slice(prefix.length), Number(item.version ?? 0)]));
  for (const [chunk, entries] of byChunk(contacts, [...versions.keys()])) {
    await writtenChunk(db, chunkWrites(db, chunkKey(uid, chunk), uid, versions.get(chunk) ?? 0, entries));
  }
};
