import { media, vars } from '@fantasy-cricket/ui';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

/** Styles shared by the Leaderboard feature's components (sections, member names, tables). Every value from the theme contract. */

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const member = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2xs'],
  minWidth: '5rem',
  '@media': { [media.sm]: { minWidth: '7rem' } },
});

export const memberName = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

/** A number that opens details: looks like a link, is a button. */
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: `${vars.space['2xs']} ${vars.space.xs}`,
  margin: `calc(-1 * ${vars.space['2xs']}) calc(-1 * ${vars.space.xs})`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.link,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  cursor: 'pointer',
  minHeight: '2rem',
  selectors: {
    '&:hover': { color: vars.color.linkHover, background: vars.color.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

/** DataTable's hidden caption is absolutely positioned: keep it inside the scroll container. */
export const table = style({ position: 'relative', maxWidth: '100%' });

/** Tighter cells on a phone. */
export const compact = style({});

globalStyle(`${compact} th, ${compact} td`, {
  '@media': { [media.belowSm]: { paddingInline: vars.space.sm } },
});

/**
 * On a phone a table folds one column into another (shown there with `phoneOnly`), so the points stay
 * on screen at 390 px without scrolling sideways: the standings fold Change under the rank, the
 * Match Prediction details fold Winner under the selection, the player breakdown drops Player (the
 * dialog's title names the player).
 */
export const foldColumn = styleVariants({ first: [compact], second: [compact], third: [compact] });

const folded = { first: 1, second: 2, third: 3 } as const;

for (const [name, n] of Object.entries(folded)) {
  globalStyle(`${foldColumn[name as keyof typeof folded]} tr > :nth-child(${n})`, {
    '@media': { [media.belowSm]: { display: 'none' } },
  });
}

export const youBadge = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.primary}`,
  background: vars.color.primarySubtle,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1.6,
  whiteSpace: 'nowrap',
});

export const phoneOnly = style({
  display: 'none',
  '@media': { [media.belowSm]: { display: 'inline' } },
});
