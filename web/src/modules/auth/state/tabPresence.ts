import { timings } from '@shared/constants';

/** The part of `localStorage` presence needs (the key enumeration finds the other tabs). */
export type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Where the page lifecycle events come from. */
export type TabEvents = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export type TabPresenceOptions = {
  /** @default globalThis.localStorage */
  storage?: TabStorage;
  /** @default window, for `pagehide`, `pageshow` and `focus` */
  events?: TabEvents;
  /** @default Date.now */
  now?: () => number;
  /** @default Math.random */
  random?: () => number;
};

export type LiveTab = { id: string; lastSeen: number };

const noEvents: TabEvents = { addEventListener: () => {}, removeEventListener: () => {} };

/** One key per tab (`outreach.tabs.<id>` = last heartbeat in ms), so tabs never overwrite each other's entry. */
export const tabKeyPrefix = 'outreach.tabs.';

/** Ids start with their creation time, so the oldest tab sorts first; the random part breaks ties. */
const compareIds = (a: string, b: string) => {
  const byTime = Number.parseInt(a, 10) - Number.parseInt(b, 10);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a < b ? -1 : a > b ? 1 : 0;
};

/**
 * This tab's presence among the app's open tabs (SPEC §4, §9 'Tabs'): a heartbeat in local storage every 5 s,
 * entries older than 15 s count as gone and are pruned, and the tab with the oldest id leads. Without usable storage
 * the tab behaves as the only one.
 */
export const createTabPresence = ({
  storage = globalThis.localStorage,
  events = typeof window === 'undefined' ? noEvents : window,
  now = Date.now,
  random = Math.random,
}: TabPresenceOptions = {}) => {
  const id = `${now()}-${random().toString(36).slice(2, 10)}`;
  const ownKey = `${tabKeyPrefix}${id}`;
  let timer: ReturnType<typeof setInterval> | undefined;

  const entries = (): LiveTab[] => {
    const found: LiveTab[] = [];
    try {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (!key?.startsWith(tabKeyPrefix)) continue;
        found.push({ id: key.slice(tabKeyPrefix.length), lastSeen: Number(storage.getItem(key)) });
      }
    } catch {
      // storage blocked (privacy settings): no other tab can be seen
    }
    return found;
  };

  const isLive = (tab: LiveTab) => Number.isFinite(tab.lastSeen) && now() - tab.lastSeen <= timings.tabStaleMs;

  const heartbeat = () => {
    try {
      storage.setItem(ownKey, String(now()));
      for (const tab of entries()) {
        if (tab.id !== id && !isLive(tab)) storage.removeItem(`${tabKeyPrefix}${tab.id}`);
      }
    } catch {
      // storage full or blocked: this tab stays invisible to the others
    }
  };

  const removeOwnEntry = () => {
    try {
      storage.removeItem(ownKey);
    } catch {
      // nothing to remove from unusable storage
    }
  };

  /** The tabs with a heartbeat in the last 15 s, this one included while started, oldest first. */
  const liveTabs = (): LiveTab[] => {
    const live = entries().filter((tab) => tab.id !== id && isLive(tab));
    if (timer !== undefined) live.push({ id, lastSeen: now() });
    return live.sort((a, b) => compareIds(a.id, b.id));
  };

  /** Whether another tab sent a heartbeat within the last `ms` (SPEC §4: 5 s, before a forced sign-out). */
  const otherTabsActiveWithin = (ms: number) =>
    entries().some((tab) => tab.id !== id && isLive(tab) && now() - tab.lastSeen <= ms);

  /** SPEC §4: the leader is the live tab with the oldest id. */
  const isLeader = () => timer !== undefined && liveTabs()[0]?.id === id;

  // bfcache: a hidden page leaves the list, and rejoins if the browser brings it back
  const handlePageHide = () => removeOwnEntry();
  const handleReturn = () => heartbeat();

  const start = () => {
    if (timer !== undefined) return;
    heartbeat();
    timer = setInterval(heartbeat, timings.tabHeartbeatMs);
    events.addEventListener('pagehide', handlePageHide);
    events.addEventListener('pageshow', handleReturn);
    events.addEventListener('focus', handleReturn);
  };

  const stop = () => {
    if (timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
    events.removeEventListener('pagehide', handlePageHide);
    events.removeEventListener('pageshow', handleReturn);
    events.removeEventListener('focus', handleReturn);
    removeOwnEntry();
  };

  return { id, start, stop, liveTabs, otherTabsActiveWithin, isLeader };
};

export type TabPresence = ReturnType<typeof createTabPresence>;
