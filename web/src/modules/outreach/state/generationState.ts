import { proxy, type Snapshot, subscribe } from 'valtio';
import type { LiveEventMap } from '@shared/live-events';
import type { BatchProgress, SkippedContact } from '@shared/schemas/ai';
import { isRecord } from '@/lib/isRecord';
import { setGenerationRunning } from '@/lib/live';
import { i18n } from '@/i18n';

/** SPEC §9: completed generation entries are cleared after 30 min. */
export const generationRetentionMs = 1_800_000;

/** How a contact's e-mail is being written: by the AI, or filled in from a template. */
export type GenerationType = 'ai' | 'template';

/** SPEC §3 'Generation state per contact' (client side). */
export type GenerationEntry = {
  status: 'generating' | 'completed' | 'error';
  type: GenerationType;
  /** epoch ms */
  startedAt: number;
  completedAt?: number;
  retryCount: number;
  /** 0-100: queued 0, being written 50, done 100 */
  progress: number;
  error?: string;
  /** the batch it belongs to (null: written one at a time) */
  batchId: string | null;
  draftId?: string;
  /** the template it was written from, so a retry writes it the same way */
  templateId?: string;
};

/** SPEC §3 'Batch progress': total, completed, failed, currentContact. */
export type BatchState = {
  batchId: string | null;
  type: GenerationType;
  total: number;
  completed: number;
  failed: number;
  /** the contact being written now (null between two, or when done) */
  currentContact: string | null;
  contactIds: string[];
  /** the contacts chosen but not written for: no address that is sent to (DESIGN §9), and why */
  skipped: SkippedContact[];
};

export type GenerationStore = { contacts: Record<string, GenerationEntry>; batch: BatchState | null };

export const generationState = proxy<GenerationStore>({ contacts: {}, batch: null });

export const resetGeneration = () => {
  generationState.contacts = {};
  generationState.batch = null;
};

type ItemStatus = LiveEventMap['generation.progress']['status'];

const progressOf: Record<ItemStatus, number> = { queued: 0, generating: 50, completed: 100, failed: 100 };

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** When a batch began: its ULID's time (ms), or null for an id that is not a ULID. */
const batchTime = (batchId: string) => {
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/i.test(batchId)) return null;
  let time = 0;
  for (const char of batchId.slice(0, 10).toUpperCase()) time = time * 32 + crockford.indexOf(char);
  return time;
};

/** Whether the batch began after a finished entry written outside any batch was started. */
const startedAfter = (batchId: string, entry: GenerationEntry) => {
  const time = batchTime(batchId);
  return entry.status !== 'generating' && time !== null && time >= entry.startedAt;
};

/** One contact's state from the server's word for it (a batch item or a live event). */
const applyItem = (
  item: { contactId: string; status: ItemStatus; draftId?: string; error?: string },
  batchId: string | null,
  now: number,
) => {
  const current = generationState.contacts[item.contactId];
  // a later one-at-a-time retry is not undone by a batch's word, nor a batch by an older one's (ULIDs sort by time);
  // a newer batch's word may come before its POST has answered and startBatch() has run, also over a finished entry
  // written one at a time or from a template before that batch began (dropped, the batch's contact stayed 'generating'
  // once startBatch() ran, until a poll said otherwise)
  if (
    current &&
    current.batchId !== batchId &&
    (current.batchId === null
      ? batchId === null || !startedAfter(batchId, current)
      : batchId === null || batchId < current.batchId)
  )
    return;
  const base: GenerationEntry =
    current?.batchId === batchId
      ? current
      : {
          status: 'generating',
          type: 'ai',
          startedAt: now,
          retryCount: current?.retryCount ?? 0,
          progress: 0,
          batchId,
        };
  if (base.status !== 'generating' && (item.status === 'queued' || item.status === 'generating')) return;
  const finished = item.status === 'completed' || item.status === 'failed';
  generationState.contacts[item.contactId] = {
    ...base,
    status: item.status === 'completed' ? 'completed' : item.status === 'failed' ? 'error' : 'generating',
    progress: Math.max(base.status === 'generating' ? base.progress : 0, progressOf[item.status]),
    ...(finished ? { completedAt: base.completedAt ?? now } : {}),
    ...(item.draftId ? { draftId: item.draftId } : {}),
    ...(item.status === 'failed' ? { error: item.error ?? i18n.t('outreach:state.notWritten') } : {}),
  };
};

/** A server-run batch's counts from its contacts' states as the server told them (live or polled). */
const countsOf = (batchId: string | null, contactIds: readonly string[]) => {
  let completed = 0;
  let failed = 0;
  for (const contactId of contactIds) {
    const entry = generationState.contacts[contactId];
    if (batchId === null || entry?.batchId !== batchId) continue;
    if (entry.status === 'completed') completed += 1;
    else if (entry.status === 'error') failed += 1;
  }
  return { completed, failed };
};

/** SPEC §4 'Generation': a batch starts with completed 0 and failed 0; each of its contacts is generating. */
export const startBatch = (
  batchId: string | null,
  contactIds: readonly string[],
  type: GenerationType,
  now: number,
  templateId?: string,
  skipped: readonly SkippedContact[] = [],
) => {
  // what the live channel already said of this batch (a worker can finish a contact before the POST answers) is kept
  const heard = (contactId: string) => {
    const entry = generationState.contacts[contactId];
    return batchId !== null && entry?.batchId === batchId ? entry : undefined;
  };
  generationState.batch = {
    batchId,
    type,
    total: contactIds.length,
    ...countsOf(batchId, contactIds),
    currentContact: contactIds.find((contactId) => (heard(contactId)?.status ?? 'generating') === 'generating') ?? null,
    contactIds: [...contactIds],
    skipped: skipped.map((item) => ({ ...item })),
  };
  for (const contactId of contactIds) {
    const previous = generationState.contacts[contactId];
    if (heard(contactId)) continue;
    generationState.contacts[contactId] = {
      status: 'generating',
      type,
      startedAt: now,
      retryCount: previous?.retryCount ?? 0,
      progress: 0,
      batchId,
      ...(templateId ? { templateId } : {}),
    };
  }
};

/**
 * The polled `GET /api/outreach/batches/{batchId}` answer: its contacts' states, whichever batch it is (one the card
 * no longer shows still has contacts being written), and the card's counts when it is the card's batch.
 */
export const applyBatchProgress = (progress: BatchProgress, now: number) => {
  for (const item of progress.items) applyItem(item, progress.batchId, now);
  const batch = generationState.batch;
  if (!batch || batch.batchId !== progress.batchId) return;
  batch.total = progress.total;
  batch.completed = Math.max(batch.completed, progress.completed);
  batch.failed = Math.max(batch.failed, progress.failed);
  batch.currentContact =
    progress.items.find((item) => item.status === 'generating')?.contactId ??
    progress.items.find((item) => item.status === 'queued')?.contactId ??
    null;
};

/**
 * A live `generation.progress` event: the contact's state, and the batch's counts from its contacts' states when it is
 * the running batch.
 */
export const applyProgressEvent = (event: LiveEventMap['generation.progress'], now: number) => {
  applyItem(event, event.batchId, now);
  const batch = generationState.batch;
  if (!batch || event.batchId === null || batch.batchId !== event.batchId) return;
  const counts = countsOf(batch.batchId, batch.contactIds);
  batch.completed = Math.max(batch.completed, counts.completed);
  batch.failed = Math.max(batch.failed, counts.failed);
  if (event.status === 'generating') batch.currentContact = event.contactId;
  else if (batch.currentContact === event.contactId) batch.currentContact = null;
};

/** A contact of a client-run batch (a template applied contact by contact) begins. */
export const markContactStarted = (contactId: string, now: number) => {
  const entry = generationState.contacts[contactId];
  if (entry) generationState.contacts[contactId] = { ...entry, status: 'generating', progress: 50, startedAt: now };
  if (generationState.batch) generationState.batch.currentContact = contactId;
};

/** A contact written one at a time, or one of a client-run batch, finished. */
export const markContactDone = (contactId: string, outcome: { draftId: string } | { error: string }, now: number) => {
  const entry = generationState.contacts[contactId];
  if (entry?.status !== 'generating') return;
  const failed = 'error' in outcome;
  generationState.contacts[contactId] = {
    ...entry,
    status: failed ? 'error' : 'completed',
    progress: 100,
    completedAt: now,
    ...(failed ? { error: outcome.error } : { draftId: outcome.draftId }),
  };
  const batch = generationState.batch;
  if (batch?.contactIds.includes(contactId) && batch.batchId === entry.batchId) {
    if (failed) batch.failed += 1;
    else batch.completed += 1;
    if (batch.currentContact === contactId) batch.currentContact = null;
  }
};

/** Per-contact retry (one at a time, outside any batch). */
export const startRetry = (contactId: string, now: number) => {
  const previous = generationState.contacts[contactId];
  generationState.contacts[contactId] = {
    status: 'generating',
    type: previous?.type ?? 'ai',
    startedAt: now,
    retryCount: (previous?.retryCount ?? 0) + 1,
    progress: 50,
    batchId: null,
    ...(previous?.templateId ? { templateId: previous.templateId } : {}),
  };
};

/**
 * The server-run batches whose contacts are still being written here, oldest first: the card's, and any other one (a
 * batch started from a contact's drawer while another ran takes the card; the first one's contacts still finish).
 */
export const runningBatchIds = (store: Snapshot<GenerationStore>) =>
  [
    ...new Set(
      Object.values(store.contacts).flatMap((entry) =>
        entry.status === 'generating' && entry.batchId !== null ? [entry.batchId] : [],
      ),
    ),
  ].sort();

export const isBatchFinished = (batch: Snapshot<BatchState> | null) =>
  batch !== null && batch.completed + batch.failed >= batch.total;

/** SPEC §4: a batch ends by clearing. */
export const clearBatch = () => {
  generationState.batch = null;
};

/** SPEC §4, §9: completed entries are cleared 30 min after they completed; errors stay until retried. */
export const pruneGeneration = (now: number) => {
  for (const [contactId, entry] of Object.entries(generationState.contacts)) {
    if (entry.status === 'completed' && now - (entry.completedAt ?? entry.startedAt) >= generationRetentionMs)
      delete generationState.contacts[contactId];
  }
};

/** Whether any generation runs: a batch in progress, or a contact's e-mail being written. */
export const isAnyGenerating = (store: Snapshot<GenerationStore>) =>
  (store.batch !== null && !isBatchFinished(store.batch)) ||
  Object.values(store.contacts).some((entry) => entry.status === 'generating');

// SPEC §4 'Draft': the tab's draft cache updates wait while any generation runs (lib/live/draftUpdates.ts)
subscribe(generationState, () => setGenerationRunning(isAnyGenerating(generationState)));

/**
 * Where the finished entries outlive a reload of the tab (sessionStorage: this tab only, gone with it): a failed
 * contact keeps its Failed state and its Retry, a written one its state for the rest of its 30 minutes.
 */
export const generationStorageKey = 'outreach.generation';
type Stored = { userId: string; contacts: Record<string, GenerationEntry> };
const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
/** the user whose entries this tab keeps (set by `restoreGeneration`; nothing is kept before) */
let keptFor: string | null = null;

const finishedEntries = () =>
  Object.fromEntries(
    Object.entries(generationState.contacts).filter(([, entry]) => entry.status !== 'generating'),
  ) as Record<string, GenerationEntry>;

const isEntry = (value: unknown): value is GenerationEntry =>
  isRecord(value) && (value.status === 'completed' || value.status === 'error') && typeof value.startedAt === 'number';

/**
 * Brings back this tab's finished entries of `userId` (another user's are dropped: a sign-out and sign-in in the same
 * tab), pruned by their age, and keeps them stored from now on as they change.
 */
export const restoreGeneration = (userId: string, now: number) => {
  // another user signed in in this tab without a reload: the previous one's entries go
  if (keptFor !== null && keptFor !== userId) resetGeneration();
  keptFor = userId;
  let stored: Partial<Stored> = {};
  try {
    stored = JSON.parse(session()?.getItem(generationStorageKey) ?? '{}') as Partial<Stored>;
  } catch {
    // unreadable: nothing to bring back
  }
  if (stored.userId !== userId || !isRecord(stored.contacts)) {
    session()?.removeItem(generationStorageKey);
    return;
  }
  for (const [contactId, entry] of Object.entries(stored.contacts)) {
    if (isEntry(entry) && !generationState.contacts[contactId]) generationState.contacts[contactId] = entry;
  }
  pruneGeneration(now);
};

subscribe(generationState, () => {
  if (!keptFor) return;
  try {
    session()?.setItem(generationStorageKey, JSON.stringify({ userId: keptFor, contacts: finishedEntries() }));
  } catch {
    // storage full or refused: the entries live as long as the page
  }
});
