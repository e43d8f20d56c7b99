import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const heading = recipe({
  base: {
    margin: 0,
    fontFamily: vars.font.heading,
    color: vars.color.text,
    letterSpacing: '-0.01em',
    textWrap: 'balance',
  },
  variants: {
    size: {
      1: { fontSize: vars.fontSize['3xl'], fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight },
      2: { fontSize: vars.fontSize['2xl'], fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight },
      3: { fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.snug },
      4: { fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.snug },
    },
  },
  defaultVariants: { size: 2 },
});

export type HeadingVariants = NonNullable<RecipeVariants<typeof heading>>;
