import { emailAuthStorageKeys, readEmailAuthCompleted } from '../utils/emailAuthStorage';

/** SPEC §4 'Cross-tab message types'. */
export type EmailConnectionMessageType =
  | 'connection_changed'
  | 'connection_removed'
  | 'token_refreshed'
  | 'token_expired';

export type EmailConnectionMessage = {
  type: EmailConnectionMessageType;
  /** the tab that sent it: a tab ignores its own messages */
  tabId: string;
  /** the mailbox it is about, when one is named */
  connectionId?: string;
  email?: string;
  timestamp: number;
};

export type EmailConnectionChannel = {
  /** this tab's id */
  tabId: string;
  /** tells the other tabs, through the BroadcastChannel and a storage event */
  broadcast: (message: Omit<EmailConnectionMessage, 'tabId' | 'timestamp'>) => void;
  /** calls `handler` with the other tabs' messages; answers the unsubscribe */
  subscribe: (handler: (message: EmailConnectionMessage) => void) => () => void;
};

export type EmailConnectionChannelOptions = {
  /** @default a random id per page load */
  tabId?: string;
  /** @default the browser's BroadcastChannel, when it has one */
  createChannel?: (
    name: string,
  ) => Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener' | 'close'> | null;
  /** @default localStorage */
  storage?: Pick<Storage, 'setItem'> | null;
  /** where storage events arrive. @default window */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  now?: () => number;
};

export const emailConnectionChannelName = 'email-connection';

const messageTypes: ReadonlySet<string> = new Set([
  'connection_changed',
  'connection_removed',
  'token_refreshed',
  'token_expired',
]);

const isMessage = (value: unknown): value is EmailConnectionMessage =>
  typeof value === 'object' &&
  value !== null &&
  messageTypes.has((value as { type?: unknown }).type as string) &&
  typeof (value as { tabId?: unknown }).tabId === 'string';

const parse = (raw: string | null): unknown => {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
};

const randomTabId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

const defaultChannel = (name: string) => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name));

/**
 * Cross-tab sync of the e-mail connection (SPEC §4): every message goes out through a BroadcastChannel and as a
 * localStorage write (whose storage event reaches tabs without BroadcastChannel); a tab ignores its own messages, and
 * a message arriving both ways is handled once. A Gmail receiver's `emailAuthCompleted` write counts as
 * connection_changed.
 */
export const createEmailConnectionChannel = ({
  tabId = randomTabId(),
  createChannel = defaultChannel,
  storage = typeof localStorage === 'undefined' ? null : localStorage,
  target = typeof window === 'undefined' ? null : window,
  now = Date.now,
}: EmailConnectionChannelOptions = {}): EmailConnectionChannel => {
  let channel: ReturnType<NonNullable<EmailConnectionChannelOptions['createChannel']>> | undefined;
  const open = () => {
    if (channel === undefined) channel = createChannel(emailConnectionChannelName);
    return channel;
  };
  const handlers = new Set<(message: EmailConnectionMessage) => void>();
  const seen = new Set<string>();

  const deliver = (value: unknown) => {
    if (!isMessage(value) || value.tabId === tabId) return;
    const key = `${value.tabId}:${value.type}:${value.timestamp}:${value.connectionId ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (seen.size > 100) seen.delete(seen.values().next().value as string);
    for (const handler of handlers) handler(value);
  };

  const handleChannelMessage = (event: MessageEvent) => deliver(event.data);

  const handleStorage = (event: StorageEvent) => {
    if (event.key === emailAuthStorageKeys.sync) deliver(parse(event.newValue));
    if (event.key === emailAuthStorageKeys.completed) {
      const completed = readEmailAuthCompleted(event.newValue);
      if (completed)
        deliver({
          type: 'connection_changed',
          tabId: `receiver:${completed.timestamp}`,
          connectionId: completed.connectionId,
          email: completed.email,
          timestamp: completed.timestamp,
        });
    }
  };

  return {
    tabId,
    broadcast: (message) => {
      const full: EmailConnectionMessage = { ...message, tabId, timestamp: now() };
      try {
        open()?.postMessage(full);
      } catch {
        // a closed channel: the storage event still carries it
      }
      try {
        storage?.setItem(emailAuthStorageKeys.sync, JSON.stringify(full));
      } catch {
        // storage denied: the channel still carries it
      }
    },
    subscribe: (handler) => {
      if (handlers.size === 0) {
        open()?.addEventListener('message', handleChannelMessage as EventListener);
        target?.addEventListener('storage', handleStorage as EventListener);
      }
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
        if (handlers.size > 0) return;
        channel?.removeEventListener('message', handleChannelMessage as EventListener);
        target?.removeEventListener('storage', handleStorage as EventListener);
      };
    },
  };
};

/** This page's channel (one tab id per page load). */
export const emailConnectionChannel = createEmailConnectionChannel();
