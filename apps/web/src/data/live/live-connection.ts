import { type LiveMode, subscribeLive } from '@fantasy-cricket/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { applyLiveEvent } from './apply-event';
import { liveKeys } from './keys';

export interface ConnectLiveOptions {
  fixtures: number[];
  leagues: number[];
  /** The last event id seen by this tab: kept current here, so a reconnect resumes after it. */
  lastEventId: { current: number | undefined };
  /** Milliseconds between Match Centre refetches while balls arrive. */
  refreshMs: number;
  onStatus: (mode: LiveMode) => void;
  EventSource?: Parameters<typeof subscribeLive>[0]['EventSource'];
}

/**
 * The tab's live subscription (loaded by LiveProvider only when a screen follows something): one
 * EventSource on the topics (`subscribeLive` falls back to polling GET /live/events), every event
 * written into the query cache (`applyLiveEvent`), Match Centre refetches batched every `refreshMs`.
 */
export function connectLive(qc: QueryClient, o: ConnectLiveOptions): { close(): void } {
  const pending = new Set<number>();
  let opened = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    for (const id of pending) void qc.invalidateQueries({ queryKey: liveKeys.matchCentres(id) });
    pending.clear();
  };
  const sub = subscribeLive({
    fixtures: o.fixtures,
    leagues: o.leagues,
    ...(o.lastEventId.current !== undefined ? { lastEventId: o.lastEventId.current } : {}),
    ...(o.EventSource !== undefined ? { EventSource: o.EventSource } : {}),
    onEvent: (e) => {
      o.lastEventId.current = Math.max(o.lastEventId.current ?? 0, e.EventID);
      const { refresh } = applyLiveEvent(qc, e);
      for (const id of refresh) pending.add(id);
      if (pending.size && !timer) timer = setTimeout(flush, o.refreshMs);
    },
    onStatus: (mode) => {
      // A reconnect (or the switch to polling): the standings events are replayed from the last id,
      // but a table read again costs one request and settles anything missed (events kept a week).
      if (opened && mode !== 'closed') {
        for (const id of o.leagues) void qc.invalidateQueries({ queryKey: liveKeys.standings(id) });
      }
      if (mode === 'stream' || mode === 'polling') opened = true;
      o.onStatus(mode);
    },
  });
  return {
    close() {
      if (timer) clearTimeout(timer);
      o.lastEventId.current = sub.lastEventId ?? o.lastEventId.current;
      sub.close();
    },
  };
}
