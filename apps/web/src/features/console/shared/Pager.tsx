import { Button, Text } from '@fantasy-cricket/ui';
import { useState } from 'react';
import * as styles from './console.css';

/**
 * Paging by cursor (`before` = the page's `NextBefore`): the cursors of the pages seen are kept, so
 * Newer goes back exactly. Page 1 has no cursor.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const before = cursors[cursors.length - 1] ?? null;
  return {
    before,
    page: cursors.length,
    older: (next: number) => setCursors((list) => [...list, next]),
    newer: () => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list)),
  };
}

export interface PagerProps {
  page: number;
  nextBefore: number | null | undefined;
  onNewer: () => void;
  onOlder: (before: number) => void;
  /** What is paged, for the buttons' names ("runs", "entries"). */
  noun: string;
  busy?: boolean;
}

/** Newer / Older buttons (named "Newer runs", "Older runs"…) and the page number. */
export function Pager({ page, nextBefore, onNewer, onOlder, noun, busy = false }: PagerProps) {
  return (
    <nav className={styles.pager} aria-label={`Pages of ${noun}`}>
      <Button variant="secondary" size="sm" aria-label={`Newer ${noun}`} disabled={page <= 1 || busy} onClick={onNewer}>
        Newer
      </Button>
      <Text as="span" size="sm" tone="muted" aria-live="polite">
        Page {page}
      </Text>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Older ${noun}`}
        disabled={!nextBefore || busy}
        onClick={() => nextBefore && onOlder(nextBefore)}
      >
        Older
      </Button>
    </nav>
  );
}
