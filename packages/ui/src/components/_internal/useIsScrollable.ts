import { type RefObject, useEffect, useState } from 'react';

/**
 * True while the element's content overflows it (horizontally or vertically).
 * Scrollable areas must be keyboard focusable (axe: scrollable-region-focusable),
 * but focusable only while they actually scroll.
 */
export function useIsScrollable(ref: RefObject<HTMLElement | null>, axis: 'x' | 'y' | 'both' = 'both'): boolean {
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const check = () => {
      const x = node.scrollWidth > node.clientWidth + 1;
      const y = node.scrollHeight > node.clientHeight + 1;
      setScrollable(axis === 'x' ? x : axis === 'y' ? y : x || y);
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(node);
    for (const child of Array.from(node.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, axis]);
  return scrollable;
}
