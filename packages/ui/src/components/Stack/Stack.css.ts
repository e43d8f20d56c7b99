import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { responsiveProperty } from '../_internal/responsiveStyles';

const gap = Object.fromEntries(
  (Object.keys(vars.space) as Array<keyof typeof vars.space>).map((key) => [key, { gap: vars.space[key] }]),
) as Record<keyof typeof vars.space, { gap: string }>;

export const stack = recipe({
  base: { display: 'flex', minWidth: 0 },
  variants: {
    gap,
    direction: {
      column: { flexDirection: 'column' },
      row: { flexDirection: 'row' },
    },
    align: {
      start: { alignItems: 'flex-start' },
      center: { alignItems: 'center' },
      end: { alignItems: 'flex-end' },
      stretch: { alignItems: 'stretch' },
      baseline: { alignItems: 'baseline' },
    },
    justify: {
      start: { justifyContent: 'flex-start' },
      center: { justifyContent: 'center' },
      end: { justifyContent: 'flex-end' },
      between: { justifyContent: 'space-between' },
    },
    wrap: {
      true: { flexWrap: 'wrap' },
      false: { flexWrap: 'nowrap' },
    },
  },
  defaultVariants: { gap: 'md', direction: 'column', align: 'stretch', justify: 'start', wrap: false },
});

export type StackVariants = NonNullable<RecipeVariants<typeof stack>>;

// Breakpoint overrides of the responsive props (after the recipe, so they win from their breakpoint up).
export const gapAt = responsiveProperty((value) => ({ gap: value }));
export const directionAt = responsiveProperty((value) => ({ flexDirection: value }));
export const alignAt = responsiveProperty((value) => ({ alignItems: value }));
export const justifyAt = responsiveProperty((value) => ({ justifyContent: value }));
