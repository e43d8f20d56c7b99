import { Card, Spinner } from '@fantasy-cricket/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import * as styles from './Outcome.css';

type Tone = 'success' | 'error' | 'info' | 'pending';

const toneClass: Record<Exclude<Tone, 'pending'>, string> = {
  success: styles.outcomeSuccess,
  error: styles.outcomeError,
  info: styles.outcomeInfo,
};

function ToneIcon({ tone }: { tone: Tone }) {
  if (tone === 'pending') return <Spinner />;
  const path =
    tone === 'success' ? 'M5 12.5l4.5 4.5L19 7.5' : tone === 'error' ? 'M7 7l10 10M17 7L7 17' : 'M12 8h.01M11 12h1v5h1';
  return (
    <span className={`${styles.outcomeIcon} ${toneClass[tone]}`}>
      <svg
        width="28"
        height="28"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={path} />
      </svg>
    </span>
  );
}

/** A result view: icon, a headline message, details and the next steps. */
export function Outcome({
  tone,
  title,
  children,
  actions,
}: {
  tone: Tone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // A form replaced by its result: bring the result into view (phones may be scrolled down).
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <Card>
      <div ref={ref} className={styles.outcome} role={tone === 'error' ? 'alert' : 'status'}>
        <ToneIcon tone={tone} />
        <h2 className={styles.outcomeTitle}>{title}</h2>
        {children}
        {actions ? <div className={styles.outcomeActions}>{actions}</div> : null}
      </div>
    </Card>
  );
}
