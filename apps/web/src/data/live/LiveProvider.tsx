import type { LiveMode, subscribeLive } from '@fantasy-cricket/api-client';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * One live subscription per tab (STACK.md gotcha 10): the open screens say which fixtures and
 * leagues they follow (`useLiveTopics`), the provider keeps one EventSource on their union
 * (`subscribeLive`, which falls back to polling GET /live/events), reopens it from the last event seen
 * when the union changes, and writes every event into the query cache (`applyLiveEvent`).
 */

interface Topics {
  fixtures: readonly number[];
  leagues: readonly number[];
}

interface LiveContextValue {
  register(id: string, topics: Topics): void;
  unregister(id: string): void;
  mode: LiveMode | 'idle';
}

const LiveContext = createContext<LiveContextValue | null>(null);

/** The server allows 20 of each per stream. */
const MAX_TOPICS = 20;

export function unionOf(all: Iterable<Topics>): Topics {
  const fixtures = new Set<number>();
  const leagues = new Set<number>();
  for (const t of all) {
    for (const f of t.fixtures) if (f > 0) fixtures.add(f);
    for (const l of t.leagues) if (l > 0) leagues.add(l);
  }
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b).slice(0, MAX_TOPICS);
  return { fixtures: sorted(fixtures), leagues: sorted(leagues) };
}

export interface LiveProviderProps {
  children: ReactNode;
  /** Milliseconds between Match Centre refetches while balls arrive (default 2 s). */
  refreshMs?: number;
  /** Tests and stories: a transport other than the browser's EventSource (`null`: polling). */
  EventSource?: Parameters<typeof subscribeLive>[0]['EventSource'];
}

export function LiveProvider({ children, refreshMs = 2_000, EventSource }: LiveProviderProps) {
  const qc = useQueryClient();
  const registry = useRef(new Map<string, Topics>());
  const [key, setKey] = useState('');
  const [mode, setMode] = useState<LiveMode | 'idle'>('idle');
  const lastEventId = useRef<number | undefined>(undefined);

  const recompute = useCallback(() => {
    const u = unionOf(registry.current.values());
    setKey(u.fixtures.length || u.leagues.length ? `${u.fixtures.join(',')}|${u.leagues.join(',')}` : '');
  }, []);
  const register = useCallback(
    (id: string, topics: Topics) => {
      registry.current.set(id, topics);
      recompute();
    },
    [recompute],
  );
  const unregister = useCallback(
    (id: string) => {
      registry.current.delete(id);
      recompute();
    },
    [recompute],
  );

  useEffect(() => {
    if (!key) {
      setMode('idle');
      return;
    }
    const [f = '', l = ''] = key.split('|');
    const ids = (s: string) => (s ? s.split(',').map(Number) : []);
    let connection: { close(): void } | undefined;
    let closed = false;
    // The stream and the cache updates load only when a screen follows something live: nothing of
    // them is in the signed-in shell's first load (scripts/check-bundle-budgets.mjs).
    void import('./live-connection').then(({ connectLive }) => {
      if (closed) return;
      connection = connectLive(qc, {
        fixtures: ids(f),
        leagues: ids(l),
        lastEventId,
        refreshMs,
        onStatus: setMode,
        ...(EventSource !== undefined ? { EventSource } : {}),
      });
    });
    return () => {
      closed = true;
      connection?.close();
    };
  }, [key, qc, refreshMs, EventSource]);

  const value = useMemo(() => ({ register, unregister, mode }), [register, unregister, mode]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/**
 * Follows these fixtures and leagues while the calling screen is open (ids ≤ 0 are ignored). Returns
 * the transport: 'stream', 'polling', 'closed' or 'idle' (nothing followed, or no provider).
 */
export function useLiveTopics(topics: { fixtures?: readonly number[]; leagues?: readonly number[] }) {
  const ctx = useContext(LiveContext);
  const id = useId();
  const f = (topics.fixtures ?? []).join(',');
  const l = (topics.leagues ?? []).join(',');
  useEffect(() => {
    if (!ctx) return;
    const ids = (s: string) => (s ? s.split(',').map(Number) : []);
    ctx.register(id, { fixtures: ids(f), leagues: ids(l) });
    return () => ctx.unregister(id);
  }, [ctx?.register, ctx?.unregister, id, f, l]);
  return ctx?.mode ?? 'idle';
}

/** The transport of the tab's live subscription (for a small "live" or "updating every few seconds" note). */
export function useLiveMode() {
  return useContext(LiveContext)?.mode ?? 'idle';
}
