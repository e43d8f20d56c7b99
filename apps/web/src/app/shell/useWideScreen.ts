import { media } from '@fantasy-cricket/ui';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const list = typeof window.matchMedia === 'function' ? window.matchMedia(media.md) : undefined;
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const wide = () => typeof window.matchMedia === 'function' && window.matchMedia(media.md).matches;

/** Whether the window is as wide as the app shell's sidebar column (900px, the kit's `md`). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, wide, () => false);
}
