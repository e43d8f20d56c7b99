import { forwardRef, type HTMLAttributes, useEffect, useId, useState } from 'react';
import { cx } from '../_internal/cx';
import { ChevronDownIcon } from '../_internal/icons';
import { Highlight, splitByQuery } from '../Highlight/Highlight';
import * as styles from './FaqItem.css';

export interface FaqItemProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The question, shown on the toggle button (plain text, highlighted by `query`). */
  question: string;
  /** The answer, shown when open (plain text, highlighted by `query`). */
  answer: string;
  /** Search text: matches are highlighted; an item whose answer matches opens. */
  query?: string;
  /** Start open (uncontrolled). */
  defaultOpen?: boolean;
  /** Level of the heading that wraps the toggle button (default 3). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}

/** One expandable question (disclosure pattern: a button with aria-expanded controlling a region). */
export const FaqItem = forwardRef<HTMLDivElement, FaqItemProps>(function FaqItem(
  { question, answer, query = '', defaultOpen = false, headingLevel = 3, className, ...rest },
  ref,
) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const buttonId = `faq-${id}-button`;
  const panelId = `faq-${id}-panel`;
  const answerMatches = query.trim() !== '' && splitByQuery(answer, query).some((p) => p.match);

  // Reveal answers that contain the search text, so the highlight is visible.
  useEffect(() => {
    if (answerMatches) setOpen(true);
  }, [answerMatches]);

  const Heading = `h${headingLevel}` as const;
  return (
    <div ref={ref} className={cx(styles.root, className)} data-state={open ? 'open' : 'closed'} {...rest}>
      <Heading className={styles.heading}>
        <button
          type="button"
          id={buttonId}
          className={styles.trigger}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span>
            <Highlight text={question} query={query} />
          </span>
          <ChevronDownIcon size={20} className={styles.chevron} />
        </button>
      </Heading>
      <section id={panelId} aria-labelledby={buttonId} className={styles.panel} hidden={!open}>
        <p className={styles.answer}>
          <Highlight text={answer} query={query} />
        </p>
      </section>
    </div>
  );
});
FaqItem.displayName = 'FaqItem';
