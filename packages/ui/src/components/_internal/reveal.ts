import { type RefObject, useLayoutEffect } from 'react';

/**
 * Brings a message that just appeared (or changed) into view: the nearest scroll containers move
 * just enough to show it (a Modal's body, the page), at once. Nothing moves when it is already in
 * view. The element's `scroll-margin-top` keeps it clear of a sticky header (`revealMargin` class).
 *
 * Form-level feedback is shown where the person is looking: after pressing a Save button at the
 * bottom of a long form or a scrolled dialog, its message at the top of the form would otherwise be
 * out of sight, and the person could not tell that anything happened.
 */
export function useRevealWhenShown(ref: RefObject<HTMLElement | null>, key: string | undefined) {
  useLayoutEffect(() => {
    if (!key) return;
    const element = ref.current;
    if (!element || typeof element.scrollIntoView !== 'function') return;
    element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  }, [ref, key]);
}
