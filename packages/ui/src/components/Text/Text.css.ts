import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const text = recipe({
  base: { margin: 0, fontFamily: vars.font.body },
  variants: {
    tone: {
      default: { color: vars.color.text },
      muted: { color: vars.color.textMuted },
      success: { color: vars.color.successFg },
      error: { color: vars.color.errorFg },
    },
    size: {
      xs: { fontSize: vars.fontSize.xs, lineHeight: vars.lineHeight.normal },
      sm: { fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.normal },
      md: { fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.normal },
      lg: { fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.relaxed },
    },
    weight: {
      regular: { fontWeight: vars.fontWeight.regular },
      medium: { fontWeight: vars.fontWeight.medium },
      semibold: { fontWeight: vars.fontWeight.semibold },
      bold: { fontWeight: vars.fontWeight.bold },
    },
  },
  defaultVariants: { tone: 'default', size: 'md', weight: 'regular' },
});

export type TextVariants = NonNullable<RecipeVariants<typeof text>>;
