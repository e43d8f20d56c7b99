import { type CSSProperties, forwardRef, type HTMLAttributes } from 'react';
import { type SpaceToken, vars } from '../../theme/contract.css';
import { cx } from '../_internal/cx';
import { breakpointOverrides, type ResponsiveValue } from '../_internal/responsive';
import * as styles from './Stack.css';

export const stackDirections = ['column', 'row'] as const;
export const stackAlignments = ['start', 'center', 'end', 'stretch', 'baseline'] as const;
export const stackJustifications = ['start', 'center', 'end', 'between'] as const;
export const stackElements = ['div', 'section', 'ul', 'ol', 'form', 'nav', 'header', 'footer'] as const;

export type StackDirection = (typeof stackDirections)[number];
export type StackAlignment = (typeof stackAlignments)[number];
export type StackJustification = (typeof stackJustifications)[number];

const alignItems: Record<StackAlignment, string> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  stretch: 'stretch',
  baseline: 'baseline',
};
const justifyContent: Record<StackJustification, string> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  between: 'space-between',
};

export interface StackProps extends HTMLAttributes<HTMLElement> {
  /**
   * A key of the space scale: 'none' | '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl' | '3xl'; or one per
   * breakpoint, e.g. `{ base: 'md', md: 'xl' }` (each key from its breakpoint up).
   */
  gap: ResponsiveValue<SpaceToken>;
  /** Main axis (default 'column'); per breakpoint, e.g. `{ base: 'column', sm: 'row' }`. */
  direction?: ResponsiveValue<StackDirection>;
  /** Cross-axis alignment of the children (default 'stretch'); may be given per breakpoint. */
  align?: ResponsiveValue<StackAlignment>;
  /** Main-axis distribution (default 'start'); 'between' pushes the first and last child apart. Per breakpoint too. */
  justify?: ResponsiveValue<StackJustification>;
  /** Let a row wrap onto more lines (use it for any row that may not fit at 360px). */
  wrap?: boolean;
  /** Element to render (default 'div'); with 'ul'/'ol' the children must be `<li>`. */
  as?: (typeof stackElements)[number];
}

/** Flex layout with a gap from the space scale; gap, direction and alignment can change at the kit's breakpoints. */
export const Stack = forwardRef<HTMLElement, StackProps>(function Stack(
  {
    gap,
    direction = 'column',
    align = 'stretch',
    justify = 'start',
    wrap = false,
    as: Tag = 'div',
    className,
    style,
    ...rest
  },
  ref,
) {
  const at = breakpointOverrides();
  const base = {
    gap: at.add(gap, styles.gapAt, (value) => vars.space[value]),
    direction: at.add(direction, styles.directionAt, (value) => value),
    align: at.add(align, styles.alignAt, (value) => alignItems[value]),
    justify: at.add(justify, styles.justifyAt, (value) => justifyContent[value]),
  };
  return (
    <Tag
      // biome-ignore lint/suspicious/noExplicitAny: polymorphic element ref
      ref={ref as any}
      className={cx(styles.stack({ ...base, wrap }), ...at.classNames, className)}
      style={at.classNames.length > 0 ? ({ ...at.style, ...style } as CSSProperties) : style}
      {...rest}
    />
  );
});
Stack.displayName = 'Stack';
