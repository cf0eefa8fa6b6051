// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import {
  createEmailConnectionChannel,
  type EmailConnectionChannelOptions,
  type EmailConnectionMessage,
} from './emailConnectionBroadcast';

/** BroadcastChannels of one browser: what one posts, the others receive (never the poster itself). */
const fakeChannels = () => {
  const open: { target: EventTarget; closed: boolean }[] = [];
  const create = () => {
    const self = { target: new EventTarget(), closed: false };
    open.push(self);
    return {
      postMessage: (data: unknown) => {
        for (const other of open) if (other !== self) other.target.dispatchEvent(new MessageEvent('message', { data }));
      },
      addEventListener: self.target.addEventListener.bind(self.target),
      removeEventListener: self.target.removeEventListener.bind(self.target),
      close: () => {
        self.closed = true;
      },
    } as unknown as BroadcastChannel;
  };
  return create;
};

/** A tab: its channel, and the storage events it would receive. */
const tab = (
  tabId: string,
  createChannel: NonNullable<EmailConnectionChannelOptions['createChannel']>,
  storage: Pick<Storage, 'setItem'> | null = null,
) => {
  const target = new EventTarget();
  const channel = createEmailConnectionChannel({
    tabId,
    createChannel,
    storage,
    target: target as unknown as Window,
    now: () => 1_000,
  });
  return { channel, target };
};

describe('createEmailConnectionChannel', () => {
  it('delivers a message to the other tabs, and a tab ignores its own', () => {
    const channels = fakeChannels();
    const a = tab('a', channels);
    const b = tab('b', channels);
    const seenByA = vi.fn();
    const seenByB = vi.fn();
    a.channel.subscribe(seenByA);
    b.channel.subscribe(seenByB);

    a.channel.broadcast({ type: 'connection_changed', connectionId: 'm1', email: 'ada@example.com' });

    expect(seenByB).toHaveBeenCalledExactlyOnceWith({
      type: 'connection_changed',
      tabId: 'a',
      connectionId: 'm1',
      email: 'ada@example.com',
      timestamp: 1_000,
    });
    expect(seenByA).not.toHaveBeenCalled();
  });

  it('ignores its own message coming back through a storage event', () => {
    const a = tab('a', () => null);
    const seen = vi.fn();
    a.channel.subscribe(seen);
    const own: EmailConnectionMessage = { type: 'token_expired', tabId: 'a', connectionId: 'm1', timestamp: 5 };
    a.target.dispatchEvent(new StorageEvent('storage', { key: 'emailConnectionSync', newValue: JSON.stringify(own) }));
    expect(seen).not.toHaveBeenCalled();
  });

  it('writes each message to storage, so a tab without BroadcastChannel follows through the storage event', () => {
    const stored = new Map<string, string>();
    const a = tab('a', () => null, { setItem: (key, value) => void stored.set(key, value) });
    const b = tab('b', () => null);
    const seen = vi.fn();
    b.channel.subscribe(seen);

    a.channel.broadcast({ type: 'connection_removed', connectionId: 'm2' });
    b.target.dispatchEvent(
      new StorageEvent('storage', { key: 'emailConnectionSync', newValue: stored.get('emailConnectionSync') ?? null }),
    );

    expect(seen).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ type: 'connection_removed', tabId: 'a' }));
  });

  it('handles a message arriving both ways once', () => {
    const channels = fakeChannels();
    const stored = new Map<string, string>();
    const a = tab('a', channels, { setItem: (key, value) => void stored.set(key, value) });
    const b = tab('b', channels);
    const seen = vi.fn();
    b.channel.subscribe(seen);

    a.channel.broadcast({ type: 'token_refreshed', connectionId: 'm1' });
    b.target.dispatchEvent(
      new StorageEvent('storage', { key: 'emailConnectionSync', newValue: stored.get('emailConnectionSync') ?? null }),
    );

    expect(seen).toHaveBeenCalledTimes(1);
  });

  it("takes a Gmail receiver's emailAuthCompleted write as connection_changed", () => {
    const b = tab('b', () => null);
    const seen = vi.fn();
    b.channel.subscribe(seen);
    const completed = { provider: 'gmail', email: 'ada@gmail.com', connectionId: 'm3', timestamp: 7 };
    b.target.dispatchEvent(
      new StorageEvent('storage', { key: 'emailAuthCompleted', newValue: JSON.stringify(completed) }),
    );
    expect(seen).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ type: 'connection_changed', connectionId: 'm3', email: 'ada@gmail.com' }),
    );
  });

  it('ignores foreign storage keys and malformed messages, and stops after unsubscribe', () => {
    const b = tab('b', () => null);
    const seen = vi.fn();
    const stop = b.channel.subscribe(seen);
    b.target.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '{}' }));
    b.target.dispatchEvent(new StorageEvent('storage', { key: 'emailConnectionSync', newValue: '{"type":"x"}' }));
    b.target.dispatchEvent(new StorageEvent('storage', { key: 'emailConnectionSync', newValue: 'not json' }));
    stop();
    const other: EmailConnectionMessage = { type: 'connection_changed', tabId: 'a', timestamp: 9 };
    b.target.dispatchEvent(
      new StorageEvent('storage', { key: 'emailConnectionSync', newValue: JSON.stringify(other) }),
    );
    expect(seen).not.toHaveBeenCalled();
  });
});
