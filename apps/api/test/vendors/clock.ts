import type { Clock } from '../../src/live/feed';

/**
 * A clock a test sets: `now` stays where the test put it; a sleep lasts a few real milliseconds (a
 * live feed polls the local vendor server every `pollMs` while the test changes what it answers).
 */
export interface TestClock extends Clock {
  set(at: Date | string | number): void;
}

export function testClock(start: Date | string | number, pollMs = 20): TestClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set(at) {
      now = new Date(at).getTime();
    },
    sleep: (_ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const t = setTimeout(done, pollMs);
        function done() {
          clearTimeout(t);
          signal?.removeEventListener('abort', done);
          resolve();
        }
        signal?.addEventListener('abort', done, { once: true });
      }),
  };
}
