import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../_internal/cx';
import * as styles from './Heading.css';

export const headingLevels = [1, 2, 3, 4] as const satisfies readonly HeadingLevel[];
export type HeadingLevel = 1 | 2 | 3 | 4;

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  /** Document outline level: renders `<h1>`…`<h4>`. */
  level: HeadingLevel;
  /** Visual size, when it should differ from the level (defaults to `level`). */
  size?: HeadingLevel;
}

export const Heading = forwardRef<HTMLHeadingElement, HeadingProps>(function Heading(
  { level, size, className, ...rest },
  ref,
) {
  const Tag = `h${level}` as const;
  return <Tag ref={ref} className={cx(styles.heading({ size: size ?? level }), className)} {...rest} />;
});
Heading.displayName = 'Heading';
