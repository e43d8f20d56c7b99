import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const logo = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.sm,
    color: 'inherit',
    fontFamily: vars.font.heading,
    lineHeight: 1,
    whiteSpace: 'nowrap',
  },
  variants: {
    size: {
      sm: { fontSize: vars.fontSize.md },
      md: { fontSize: vars.fontSize.lg },
      lg: { fontSize: vars.fontSize['2xl'] },
    },
  },
  defaultVariants: { size: 'md' },
});

export const mark = style({ width: '1.9em', height: '1.9em' });

export const badge = style({ fill: vars.color.primary, stroke: vars.color.accent, strokeWidth: 2 });
export const ball = style({ fill: vars.color.accent });
export const seam = style({ stroke: vars.color.onAccent, fill: 'none' });
export const bat = style({ fill: vars.color.onPrimary });

export const wordmark = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: '0.28em',
  letterSpacing: '-0.01em',
});
export const fantasy = style({ fontWeight: vars.fontWeight.medium, opacity: 0.92 });
export const cricket = style({ fontWeight: vars.fontWeight.bold });
