import { describe, expect, it } from 'vitest';
import { type LiveEvent, subscribeLive } from './live';

const ball = (id: number): LiveEvent => ({
  EventID: id,
  Type: 'state',
  FixtureID: 1,
  State: 'live',
  SilentSince: null,
  Provisional: true,
});

/** An EventSource stand-in the test drives. */
class FakeSource {
  static last: FakeSource | undefined;
  readyState = 0;
  readonly listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: ((e: Event) => void) | null = null;
  onopen: ((e: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, l: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  emit(e: LiveEvent) {
    for (const l of this.listeners.get(e.Type) ?? []) l({ data: JSON.stringify(e) } as MessageEvent);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

describe('subscribeLive', () => {
  it('opens one stream for all topics and hands each event over once, in order', () => {
    const got: number[] = [];
    const sub = subscribeLive({
      fixtures: [1, 2],
      leagues: [3],
      lastEventId: 10,
      onEvent: (e) => got.push(e.EventID),
      EventSource: FakeSource as never,
    });
    const s = FakeSource.last!;
    expect(s.url).toBe('/api/live/stream?fixtures=1%2C2&leagues=3&lastEventId=10');
    for (const id of [9, 11, 12, 12, 11, 13]) s.emit(ball(id));
    expect(got).toEqual([11, 12, 13]);
    expect(sub.lastEventId).toBe(13);
    sub.close();
    expect(s.closed).toBe(true);
  });

  it('falls back to polling after the id it has when the stream is closed, and stops on a refusal', async () => {
    const urls: string[] = [];
    const answers = [
      { Events: [ball(5), ball(6)], LastEventID: 6 },
      { Events: [], LastEventID: 9 },
    ];
    const fetch = (async (url: string) => {
      urls.push(url);
      const next = answers.shift();
      return next
        ? new Response(JSON.stringify(next), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('{"error":{"message":"no"}}', { status: 403 });
    }) as unknown as typeof globalThis.fetch;
    const got: number[] = [];
    const modes: string[] = [];
    subscribeLive({
      fixtures: [7],
      lastEventId: 4,
      onEvent: (e) => got.push(e.EventID),
      onStatus: (m, why) => modes.push(why ? `${m}:${why}` : m),
      EventSource: FakeSource as never,
      fetch,
      pollMs: 1,
    });
    const s = FakeSource.last!;
    s.emit(ball(5));
    s.readyState = 2; // the browser gave up on the stream
    s.onerror?.(new Event('error'));
    await new Promise((r) => setTimeout(r, 30));
    expect(got).toEqual([5, 6]);
    expect(urls).toEqual([
      '/api/live/events?fixtures=7&after=5',
      '/api/live/events?fixtures=7&after=6',
      '/api/live/events?fixtures=7&after=9',
    ]);
    expect(modes).toEqual(['polling', 'closed:refused']);
  });

  it('polls from the start when EventSource is not available', async () => {
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ Events: [], LastEventID: 42 }), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const sub = subscribeLive({ leagues: [3], onEvent: () => {}, EventSource: null, fetch, pollMs: 5 });
    await new Promise((r) => setTimeout(r, 20));
    sub.close();
    expect(urls[0]).toBe('/api/live/events?leagues=3');
    expect(urls[1]).toBe('/api/live/events?leagues=3&after=42');
    expect(sub.mode).toBe('closed');
  });
});
