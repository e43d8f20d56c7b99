import type { ReactNode } from 'react';
import * as styles from './DoDont.css';

interface ExampleProps {
  /** Why: one sentence under the example. */
  caption: ReactNode;
  /** A small rendered example (kit components). */
  children: ReactNode;
}

function Do({ caption, children }: ExampleProps) {
  return (
    <figure className={styles.panel} style={{ margin: 0 }}>
      <div className={styles.example}>{children}</div>
      <figcaption className={styles.doCaption}>
        <strong>Do</strong> · {caption}
      </figcaption>
    </figure>
  );
}

function Dont({ caption, children }: ExampleProps) {
  return (
    <figure className={styles.panel} style={{ margin: 0 }}>
      <div className={styles.example}>{children}</div>
      <figcaption className={styles.dontCaption}>
        <strong>Don’t</strong> · {caption}
      </figcaption>
    </figure>
  );
}

/** Docs pages only: a "Do" and a "Don't" example side by side (stacked on narrow pages). */
export function DoDont({ children }: { children: ReactNode }) {
  return <div className={styles.pair}>{children}</div>;
}
DoDont.Do = Do;
DoDont.Dont = Dont;

/** argTypes helper: a prop table type that lists the allowed values (`'sm' | 'md'`) instead of "union". */
export function oneOf(values: readonly (string | number)[]) {
  return { summary: values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value))).join(' | ') };
}
