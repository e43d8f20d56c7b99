import { Heading, Text } from '@fantasy-cricket/ui';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../useDocumentTitle';
import * as styles from './Page.css';

export interface PageProps {
  /** The screen's h1 and the tab title. */
  title: string;
  /** Shown under the heading. */
  intro?: ReactNode;
  width?: keyof typeof styles.width;
  /** Replaces the visible heading (e.g. a hero); the tab title still uses `title`. */
  hideHeading?: boolean;
  children: ReactNode;
}

/** One screen: tab title, a single h1, and a centred column of content. */
export function Page({ title, intro, width = 'medium', hideHeading = false, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={`${styles.page} ${styles.width[width]}`}>
      {hideHeading ? null : (
        <header className={styles.header}>
          <Heading level={1}>{title}</Heading>
          {intro ? <Text tone="muted">{intro}</Text> : null}
        </header>
      )}
      {children}
    </div>
  );
}
