import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  verticalAlign: 'middle',
  color: 'inherit',
});

export const spinner = recipe({
  base: {
    display: 'block',
    animation: `${spin} 0.8s linear infinite`,
  },
  variants: {
    size: {
      sm: { width: 16, height: 16 },
      md: { width: 24, height: 24 },
      lg: { width: 44, height: 44 },
    },
  },
  defaultVariants: { size: 'md' },
});

export type SpinnerVariants = NonNullable<RecipeVariants<typeof spinner>>;
