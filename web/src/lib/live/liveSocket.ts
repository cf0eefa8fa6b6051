import type { LiveEvent, LiveEventMap, LiveEventType } from '@shared/live-events';

/** Whether events arrive now ('open') or pages must poll ('closed'). */
export type LiveStatus = 'open' | 'closed';

export type LiveHandler<K extends LiveEventType> = (data: LiveEventMap[K]) => void;

type SocketLike = {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  close: () => void;
};

export type LiveSocketOptions = {
  /** the WebSocket URL of `config.json` (`liveUrl`) */
  url: string;
  /** the current ID token, undefined when nobody is signed in (the token cache's `getToken`) */
  getToken: (options?: { force?: boolean }) => Promise<string | undefined>;
  /** @default globalThis.WebSocket */
  createSocket?: (url: string) => SocketLike;
  /** delay before the first reconnect, doubled after each failed one. @default 1000 */
  retryDelayMs?: number;
  /** @default 30000 */
  maxRetryDelayMs?: number;
  /** @default setTimeout */
  schedule?: (run: () => void, ms: number) => () => void;
};

export type LiveSocket = {
  start: () => void;
  stop: () => void;
  /** closes the socket and, if started, opens a new one at once (with the token of whoever is signed in now) */
  restart: () => void;
  status: () => LiveStatus;
  onStatus: (listener: (status: LiveStatus) => void) => () => void;
  on: <K extends LiveEventType>(type: K, handler: LiveHandler<K>) => () => void;
  /** every event, whatever its type (the SWR revalidation) */
  onAny: (handler: (event: LiveEvent) => void) => () => void;
};

const isEvent = (value: unknown): value is LiveEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  typeof (value as { data?: unknown }).data === 'object' &&
  (value as { data?: unknown }).data !== null;

/**
 * The live channel of one tab (DESIGN §8): one WebSocket to `url?token=<ID token>`, reconnected with a doubling
 * delay (reset once a socket opens) while started; `{type, data}` text frames go to the handlers of their type.
 * A refused connect (expired token) asks for a fresh token on the next try. Nobody signed in: stays closed and
 * tries again later.
 */
export const createLiveSocket = (options: LiveSocketOptions): LiveSocket => {
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const schedule =
    options.schedule ??
    ((run: () => void, ms: number) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    });

  const handlers = new Map<string, Set<(data: unknown) => void>>();
  const anyHandlers = new Set<(event: LiveEvent) => void>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let status: LiveStatus = 'closed';
  let running = false;
  let socket: SocketLike | undefined;
  let cancelRetry: (() => void) | undefined;
  let failures = 0;
  let forceToken = false;
  let generation = 0;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const retryLater = () => {
    if (!running) return;
    const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** failures);
    failures += 1;
    cancelRetry = schedule(() => {
      cancelRetry = undefined;
      void connect();
    }, delay);
  };

  const dispatch = (raw: unknown) => {
    if (typeof raw !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    if (!isEvent(parsed)) return;
    for (const handler of handlers.get(parsed.type) ?? []) handler(parsed.data);
    for (const handler of anyHandlers) handler(parsed);
  };

  const connect = async () => {
    const mine = ++generation;
    let token: string | undefined;
    try {
      token = await options.getToken(forceToken ? { force: true } : undefined);
    } catch {
      token = undefined;
    }
    if (!running || mine !== generation) return;
    if (!token) {
      retryLater();
      return;
    }
    const separator = options.url.includes('?') ? '&' : '?';
    const opened = createSocket(`${options.url}${separator}token=${encodeURIComponent(token)}`);
    socket = opened;
    let wasOpen = false;
    opened.onopen = () => {
      wasOpen = true;
      failures = 0;
      forceToken = false;
      setStatus('open');
    };
    opened.onmessage = (event) => dispatch(event.data);
    opened.onerror = () => {};
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = undefined;
      setStatus('closed');
      // a socket that never opened was most likely refused (an expired token): ask for a fresh one next time
      if (!wasOpen) forceToken = true;
      retryLater();
    };
  };

  const start = () => {
    if (running) return;
    running = true;
    failures = 0;
    void connect();
  };
  const stop = () => {
    running = false;
    generation += 1;
    cancelRetry?.();
    cancelRetry = undefined;
    const current = socket;
    socket = undefined;
    current?.close();
    setStatus('closed');
  };

  return {
    start,
    stop,
    restart: () => {
      if (!running) return;
      stop();
      start();
    },
    status: () => status,
    onStatus: (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    on: (type, handler) => {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      const untyped = handler as (data: unknown) => void;
      set.add(untyped);
      return () => set.delete(untyped);
    },
    onAny: (handler) => {
      anyHandlers.add(handler);
      return () => anyHandlers.delete(handler);
    },
  };
};
