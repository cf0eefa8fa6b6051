import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timings } from '@shared/constants';
import { createTabPresence, tabKeyPrefix, type TabEvents, type TabStorage } from './tabPresence';

/** Local storage as the tabs of one browser share it. */
class MemoryStorage implements TabStorage {
  readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const fakeWindow = () => {
  const target = new EventTarget();
  return target as unknown as TabEvents & EventTarget;
};

let storage: MemoryStorage;

/** A tab opened now, sharing `storage`; the fake timers drive its heartbeat and `Date.now`. */
const openTab = (events: TabEvents = fakeWindow()) => {
  const tab = createTabPresence({ storage, events });
  tab.start();
  return tab;
};

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 9) });
  storage = new MemoryStorage();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createTabPresence', () => {
  it('gives each tab a time-ordered id', () => {
    const first = createTabPresence({ storage });
    vi.advanceTimersByTime(1);
    const second = createTabPresence({ storage });
    expect(first.id).toMatch(/^\d{13}-[0-9a-z]+$/);
    expect(first.id < second.id).toBe(true);
  });

  it('writes a heartbeat on start and every 5 s', () => {
    const tab = openTab();
    const key = `${tabKeyPrefix}${tab.id}`;
    expect(storage.getItem(key)).toBe(String(Date.now()));
    vi.advanceTimersByTime(timings.tabHeartbeatMs);
    expect(storage.getItem(key)).toBe(String(Date.now()));
    tab.stop();
  });

  it('sees another tab that was active within the window', () => {
    const first = openTab();
    vi.advanceTimersByTime(1_000);
    const second = openTab();
    expect(first.otherTabsActiveWithin(timings.tabActiveWindowMs)).toBe(true);
    expect(second.otherTabsActiveWithin(timings.tabActiveWindowMs)).toBe(true);
    expect(first.liveTabs().map((tab) => tab.id)).toEqual([first.id, second.id]);
    first.stop();
    second.stop();
  });

  it('does not count itself as another tab', () => {
    const alone = openTab();
    expect(alone.otherTabsActiveWithin(timings.tabActiveWindowMs)).toBe(false);
    alone.stop();
  });

  it('says whether the other tab beat within the asked window', () => {
    const watcher = openTab();
    storage.setItem(`${tabKeyPrefix}1-quiet`, String(Date.now() - 8_000));
    expect(watcher.otherTabsActiveWithin(timings.tabActiveWindowMs)).toBe(false);
    expect(watcher.otherTabsActiveWithin(10_000)).toBe(true);
    watcher.stop();
  });

  it('ignores and prunes tabs silent for more than 15 s', () => {
    const tab = openTab();
    const crashed = `${tabKeyPrefix}1-crashed`;
    storage.setItem(crashed, String(Date.now() - timings.tabStaleMs - 1));
    expect(tab.liveTabs().map((live) => live.id)).toEqual([tab.id]);
    expect(tab.otherTabsActiveWithin(timings.tabStaleMs * 2)).toBe(false);
    expect(tab.isLeader()).toBe(true);
    vi.advanceTimersByTime(timings.tabHeartbeatMs);
    expect(storage.getItem(crashed)).toBeNull();
    tab.stop();
  });

  it('counts a tab whose heartbeat is exactly 15 s old as still live', () => {
    const tab = openTab();
    storage.setItem(`${tabKeyPrefix}1-slow`, String(Date.now() - timings.tabStaleMs));
    expect(tab.liveTabs()).toHaveLength(2);
    tab.stop();
  });

  it('makes the tab with the oldest id the leader, and the next one when it closes', () => {
    const oldest = openTab();
    vi.advanceTimersByTime(2_000);
    const newer = openTab();
    expect(oldest.isLeader()).toBe(true);
    expect(newer.isLeader()).toBe(false);
    oldest.stop();
    expect(newer.isLeader()).toBe(true);
    newer.stop();
  });

  it('hands leadership over once the leader has been silent for 15 s', () => {
    const oldest = openTab();
    vi.advanceTimersByTime(1_000);
    const newer = openTab();
    // the leader's page froze: its timer no longer runs, its entry ages
    const frozenAt = storage.getItem(`${tabKeyPrefix}${oldest.id}`)!;
    vi.advanceTimersByTime(timings.tabStaleMs + timings.tabHeartbeatMs);
    storage.setItem(`${tabKeyPrefix}${oldest.id}`, frozenAt);
    expect(newer.isLeader()).toBe(true);
    oldest.stop();
    newer.stop();
  });

  it('is not the leader before start or after stop', () => {
    const tab = createTabPresence({ storage, events: fakeWindow() });
    expect(tab.isLeader()).toBe(false);
    tab.start();
    expect(tab.isLeader()).toBe(true);
    tab.stop();
    expect(tab.isLeader()).toBe(false);
  });

  it('removes its entry and stops beating on stop', () => {
    const tab = openTab();
    tab.stop();
    expect(storage.length).toBe(0);
    vi.advanceTimersByTime(timings.tabHeartbeatMs * 3);
    expect(storage.length).toBe(0);
  });

  it('leaves on pagehide and comes back on pageshow', () => {
    const events = fakeWindow();
    const tab = openTab(events);
    const key = `${tabKeyPrefix}${tab.id}`;
    events.dispatchEvent(new Event('pagehide'));
    expect(storage.getItem(key)).toBeNull();
    events.dispatchEvent(new Event('pageshow'));
    expect(storage.getItem(key)).toBe(String(Date.now()));
    tab.stop();
  });

  it('stops listening to page events after stop', () => {
    const events = fakeWindow();
    const tab = openTab(events);
    tab.stop();
    events.dispatchEvent(new Event('pageshow'));
    expect(storage.length).toBe(0);
  });

  it('behaves as the only tab when storage is blocked', () => {
    const blocked: TabStorage = {
      get length(): number {
        throw new DOMException('blocked', 'SecurityError');
      },
      key: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    const tab = createTabPresence({ storage: blocked, events: fakeWindow() });
    expect(() => tab.start()).not.toThrow();
    expect(tab.otherTabsActiveWithin(timings.tabActiveWindowMs)).toBe(false);
    expect(tab.isLeader()).toBe(true);
    expect(() => tab.stop()).not.toThrow();
  });
});
