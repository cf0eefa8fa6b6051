import type { ScopedMutator } from 'swr';

/** The SWR keys of the mailboxes' server data (the Settings Mailboxes section reads the same). */
export const emailConnectionKeys = {
  list: 'GET /api/email-connections',
  default: 'GET /api/email-connections/default',
} as const;

const isEmailConnectionKey = (key: unknown) =>
  typeof key === 'string' && (key === emailConnectionKeys.list || key === emailConnectionKeys.default);

/** Reads every mailbox answer again (after a change here, another tab's message or a live event). */
export const revalidateEmailConnections = (mutate: ScopedMutator) => mutate(isEmailConnectionKey);
