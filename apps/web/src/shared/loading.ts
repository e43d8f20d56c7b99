import { LOADING_INDICATOR_DELAY_MS } from '@fantasy-cricket/rules';

export interface LoadingTracker {
  /** Feed the api client's onActivity deltas here. */
  track(delta: 1 | -1): void;
  reset(): void;
}

/**
 * Turns a count of calls in flight into the loading flag: the flag goes true only when a call is
 * still running after `delayMs` (so quick calls never flash the overlay) and false as soon as the
 * last call settles.
 */
export function createLoadingTracker(
  onCount: (count: number) => void,
  onLoading: (loading: boolean) => void,
  delayMs: number = LOADING_INDICATOR_DELAY_MS,
): LoadingTracker {
  let pending = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loading = false;

  const setLoading = (next: boolean) => {
    if (next === loading) return;
    loading = next;
    onLoading(next);
  };
  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return {
    track(delta) {
      pending = Math.max(0, pending + delta);
      onCount(pending);
      if (pending === 0) {
        clearTimer();
        setLoading(false);
      } else if (!loading && timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          if (pending > 0) setLoading(true);
        }, delayMs);
      }
    },
    reset() {
      clearTimer();
      pending = 0;
      loading = false;
    },
  };
}
