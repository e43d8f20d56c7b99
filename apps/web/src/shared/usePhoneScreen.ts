import { media } from '@fantasy-cricket/ui';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const list = typeof window.matchMedia === 'function' ? window.matchMedia(media.belowSm) : undefined;
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const phone = () => typeof window.matchMedia === 'function' && window.matchMedia(media.belowSm).matches;

/**
 * Whether the window is phone-wide (below the kit's `sm`, 600px). Read at the first render, so a screen
 * that lays out differently on a phone draws the phone layout at once (nothing moves when it settles).
 */
export function usePhoneScreen(): boolean {
  return useSyncExternalStore(subscribe, phone, () => false);
}
