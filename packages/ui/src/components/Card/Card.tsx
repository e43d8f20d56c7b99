import { forwardRef, type HTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from '../_internal/cx';
import * as styles from './Card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Card heading; when given the card is a labelled `<section>`. */
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** Buttons or links shown at the right of the title row. */
  actions?: ReactNode;
  /** The card body. */
  children?: ReactNode;
}

/** A raised panel that groups related content. */
export const Card = forwardRef<HTMLElement, CardProps>(function Card(
  { title, headingLevel = 2, actions, children, className, ...rest },
  ref,
) {
  const titleId = `card-${useId()}`;
  const Heading = `h${headingLevel}` as const;
  const hasHeader = Boolean(title || actions);
  const Tag = title ? 'section' : 'div';
  return (
    <Tag
      // biome-ignore lint/suspicious/noExplicitAny: section/div share HTMLElement
      ref={ref as any}
      className={cx(styles.card, className)}
      aria-labelledby={title ? titleId : undefined}
      {...rest}
    >
      {hasHeader ? (
        <div className={styles.header}>
          {title ? (
            <Heading id={titleId} className={styles.title}>
              {title}
            </Heading>
          ) : (
            <span />
          )}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
      <div className={styles.body}>{children}</div>
    </Tag>
  );
});
Card.displayName = 'Card';
