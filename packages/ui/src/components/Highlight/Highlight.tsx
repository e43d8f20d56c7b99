import { Fragment } from 'react';
import * as styles from './Highlight.css';

export interface HighlightProps {
  /** The text to render. */
  text: string;
  /** Matched case-insensitively and literally (regex characters are escaped). */
  query: string;
  /** Class for each `<mark>`. */
  markClassName?: string;
}

/** Escapes every RegExp metacharacter so a user's query matches literally. */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Splits `text` into plain and matching parts. */
export function splitByQuery(text: string, query: string): Array<{ text: string; match: boolean }> {
  const q = query.trim();
  if (!q) return [{ text, match: false }];
  const pattern = new RegExp(`(${escapeRegExp(q)})`, 'gi');
  // With one capture group, `split` puts the matches at the odd indexes.
  return text
    .split(pattern)
    .map((part, index) => ({ text: part, match: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/** Renders `text`, wrapping each case-insensitive occurrence of `query` in `<mark>`. */
export function Highlight({ text, query, markClassName }: HighlightProps) {
  const parts = splitByQuery(text, query);
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index} className={markClassName ? `${styles.mark} ${markClassName}` : styles.mark}>
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
Highlight.displayName = 'Highlight';
