import type { components } from './generated/schema';

/** One event of the live stream (`LiveEvent` in openapi.yaml), discriminated by `Type`. */
export type LiveEvent = components['schemas']['LiveEvent'];
export type LiveEventType = LiveEvent['Type'];
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { Type: T }>;

/** The `event:` names the stream uses: every `Type` of `LiveEvent`. */
export const LIVE_EVENT_TYPES = [
  'ball',
  'score',
  'points',
  'leaders',
  'state',
  'standings',
] as const satisfies readonly LiveEventType[];

type EventSourceLike = {
  readonly readyState: number;
  addEventListener(type: string, listener: (e: MessageEvent) => void): void;
  close(): void;
  onerror: ((e: Event) => void) | null;
  onopen: ((e: Event) => void) | null;
};
type EventSourceCtor = new (url: string, init?: { withCredentials?: boolean }) => EventSourceLike;

export type LiveMode = 'stream' | 'polling' | 'closed';

export interface SubscribeLiveOptions {
  fixtures?: readonly number[];
  leagues?: readonly number[];
  /** Each event once, in id order. */
  onEvent: (event: LiveEvent) => void;
  /** The transport in use, and why it stopped (`refused`: 401/403/404 — sign in again or leave the page). */
  onStatus?: (mode: LiveMode, reason?: 'refused') => void;
  /** Where the API is (default `/api`, same origin: the session cookie goes with the stream). */
  baseUrl?: string;
  /** Start after this event (e.g. a Match Centre answer's LastEventID), so nothing in between is missed. */
  lastEventId?: number;
  /** Poll interval of the fallback (default 5 s). */
  pollMs?: number;
  /** Stream errors in a row (no event between) after which polling takes over (default 3). */
  maxStreamErrors?: number;
  /** Defaults to the browser's; `null` forces polling. */
  EventSource?: EventSourceCtor | null;
  fetch?: typeof globalThis.fetch;
}

export interface LiveSubscription {
  close(): void;
  readonly lastEventId: number | undefined;
  readonly mode: LiveMode;
}

/**
 * One live subscription per tab (STACK.md gotcha 10): a single EventSource on `/live/stream` for all
 * the fixtures and leagues a screen follows, which reconnects by itself and sends `Last-Event-ID`;
 * when EventSource is missing, refused or keeps failing, polling `/live/events?after=` instead. Events
 * are handed over once each, in id order, whichever transport brought them.
 */
export function subscribeLive(o: SubscribeLiveOptions): LiveSubscription {
  const base = o.baseUrl ?? '/api';
  const params = new URLSearchParams();
  if (o.fixtures?.length) params.set('fixtures', o.fixtures.join(','));
  if (o.leagues?.length) params.set('leagues', o.leagues.join(','));
  const Source =
    o.EventSource === undefined ? (globalThis as { EventSource?: EventSourceCtor }).EventSource : o.EventSource;
  const doFetch = o.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let last = o.lastEventId;
  let mode: LiveMode = 'stream';
  let source: EventSourceLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let errors = 0;

  const setMode = (m: LiveMode, reason?: 'refused') => {
    mode = m;
    o.onStatus?.(m, reason);
  };
  const deliver = (e: LiveEvent) => {
    if (last !== undefined && e.EventID <= last) return;
    last = e.EventID;
    o.onEvent(e);
  };

  const poll = async () => {
    if (mode !== 'polling') return;
    const q = new URLSearchParams(params);
    if (last !== undefined) q.set('after', String(last));
    try {
      const res = await doFetch(`${base}/live/events?${q}`, { credentials: 'same-origin' });
      if (res.status === 401 || res.status === 403 || res.status === 404) {
        setMode('closed', 'refused');
        return;
      }
      if (res.ok) {
        const page = (await res.json()) as components['schemas']['LiveEventsPage'];
        for (const e of page.Events) deliver(e);
        if (last === undefined || page.LastEventID > last) last = page.LastEventID;
      }
    } catch {
      // offline for a moment: try again at the next tick
    }
    if (mode === 'polling') timer = setTimeout(() => void poll(), o.pollMs ?? 5_000);
  };
  const startPolling = () => {
    source?.close();
    source = undefined;
    setMode('polling');
    void poll();
  };

  if (!Source) {
    startPolling();
  } else {
    const q = new URLSearchParams(params);
    if (last !== undefined) q.set('lastEventId', String(last));
    source = new Source(`${base}/live/stream?${q}`, { withCredentials: true });
    const onMessage = (m: MessageEvent) => {
      errors = 0;
      try {
        deliver(JSON.parse(String(m.data)) as LiveEvent);
      } catch {
        // not an event of ours
      }
    };
    for (const t of LIVE_EVENT_TYPES) source.addEventListener(t, onMessage);
    source.onopen = () => setMode('stream');
    source.onerror = () => {
      errors += 1;
      // CLOSED: the browser gave up (a refusal answers JSON, not a stream); else it is reconnecting.
      if (source && (source.readyState === 2 || errors >= (o.maxStreamErrors ?? 3))) startPolling();
    };
  }

  return {
    close() {
      source?.close();
      if (timer) clearTimeout(timer);
      setMode('closed');
    },
    get lastEventId() {
      return last;
    },
    get mode() {
      return mode;
    },
  };
}
