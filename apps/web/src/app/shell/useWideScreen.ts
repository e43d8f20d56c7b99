import { breakpoints } from '@fantasy-cricket/ui';
import { useSyncExternalStore } from 'react';

const QUERY = `(min-width: ${breakpoints.md}px)`;

function subscribe(onChange: () => void): () => void {
  const list = typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const wide = () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;

/** Whether the window is as wide as the app shell's sidebar column (900px, the kit's `md`). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, wide, () => false);
}
