import { forwardRef, type HTMLAttributes } from 'react';
import type { SpaceToken } from '../../theme/contract.css';
import { cx } from '../_internal/cx';
import * as styles from './Stack.css';

export const stackDirections = ['column', 'row'] as const;
export const stackAlignments = ['start', 'center', 'end', 'stretch', 'baseline'] as const;
export const stackJustifications = ['start', 'center', 'end', 'between'] as const;
export const stackElements = ['div', 'section', 'ul', 'ol', 'form', 'nav', 'header', 'footer'] as const;

export interface StackProps extends HTMLAttributes<HTMLElement> {
  /** A key of the space scale: 'none' | '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl' | '3xl'. */
  gap: SpaceToken;
  /** Main axis (default 'column'). */
  direction?: 'column' | 'row';
  /** Cross-axis alignment of the children (default 'stretch'). */
  align?: 'start' | 'center' | 'end' | 'stretch' | 'baseline';
  /** Main-axis distribution (default 'start'); 'between' pushes the first and last child apart. */
  justify?: 'start' | 'center' | 'end' | 'between';
  /** Let a row wrap onto more lines (use it for any row that may not fit at 360px). */
  wrap?: boolean;
  /** Element to render (default 'div'); with 'ul'/'ol' the children must be `<li>`. */
  as?: 'div' | 'section' | 'ul' | 'ol' | 'form' | 'nav' | 'header' | 'footer';
}

/** Flex layout with a gap from the space scale. */
export const Stack = forwardRef<HTMLElement, StackProps>(function Stack(
  {
    gap,
    direction = 'column',
    align = 'stretch',
    justify = 'start',
    wrap = false,
    as: Tag = 'div',
    className,
    ...rest
  },
  ref,
) {
  return (
    <Tag
      // biome-ignore lint/suspicious/noExplicitAny: polymorphic element ref
      ref={ref as any}
      className={cx(styles.stack({ gap, direction, align, justify, wrap }), className)}
      {...rest}
    />
  );
});
Stack.displayName = 'Stack';
