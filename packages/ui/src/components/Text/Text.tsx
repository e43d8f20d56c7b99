import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../_internal/cx';
import * as styles from './Text.css';

export const textTones = ['default', 'muted', 'success', 'error'] as const satisfies readonly TextTone[];
export const textSizes = ['xs', 'sm', 'md', 'lg'] as const satisfies readonly TextSize[];
export const textWeights = ['regular', 'medium', 'semibold', 'bold'] as const satisfies readonly TextWeight[];
export const textElements = [
  'p',
  'span',
  'div',
  'strong',
  'em',
  'small',
  'label',
] as const satisfies readonly TextElement[];

export type TextTone = 'default' | 'muted' | 'success' | 'error';
export type TextSize = 'xs' | 'sm' | 'md' | 'lg';
export type TextWeight = 'regular' | 'medium' | 'semibold' | 'bold';
export type TextElement = 'p' | 'span' | 'div' | 'strong' | 'em' | 'small' | 'label';

export interface TextProps extends HTMLAttributes<HTMLElement> {
  /** Colour: 'muted' for secondary text, 'success'/'error' for a short outcome (never colour alone). */
  tone?: TextTone;
  /** Font size step (default 'md'); 'xs' only for fine print. */
  size?: TextSize;
  /** Font weight (default 'regular'). */
  weight?: TextWeight;
  /** Element to render (default `p`). */
  as?: TextElement;
  /** For `as="label"`. */
  htmlFor?: string;
}

export const Text = forwardRef<HTMLElement, TextProps>(function Text(
  { tone = 'default', size = 'md', weight = 'regular', as: Tag = 'p', className, ...rest },
  ref,
) {
  return (
    // biome-ignore lint/suspicious/noExplicitAny: polymorphic element ref
    <Tag ref={ref as any} className={cx(styles.text({ tone, size, weight }), className)} {...rest} />
  );
});
Text.displayName = 'Text';
