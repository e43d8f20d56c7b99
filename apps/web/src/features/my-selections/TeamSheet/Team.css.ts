import { vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

/**
 * The team rules' parts of the team sheet: the credits bar, the captain and vice-captain toggles,
 * the backups and the problems before saving.
 */

/**
 * The app's header height (packages/ui AppShell `HEADER_HEIGHT`, 64px; the kit does not export it, and
 * apps/web/src/app/layouts.css.ts uses the same figure): the credits bar sticks just below the header.
 */
const HEADER_HEIGHT = '64px';

/** Kept in view under the app's header while the person scrolls down the sheet (phones first). */
export const bar = style({
  position: 'sticky',
  top: HEADER_HEIGHT,
  zIndex: vars.zIndex.sticky,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.sm,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  minWidth: 0,
});

export const credits = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `0 ${vars.space.sm}`,
  flex: '1 1 12rem',
  minWidth: 0,
});

export const creditsValue = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const over = style({ color: vars.color.errorFg, fontWeight: vars.fontWeight.semibold });

export const left = style({ color: vars.color.textMuted });

/** The budget used, as a thin bar (the figures say it in words). */
export const meter = style({
  flexBasis: '100%',
  height: '0.375rem',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
});

export const meterFill = style({
  display: 'block',
  height: '100%',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  selectors: { '&[data-over]': { background: vars.color.errorFg } },
});

export const sides = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `0 ${vars.space.sm}`,
  margin: 0,
});

export const side = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2xs'],
  whiteSpace: 'nowrap',
  selectors: { '&[data-over]': { color: vars.color.errorFg, fontWeight: vars.fontWeight.semibold } },
});

export const separator = style({ color: vars.color.textMuted });

/** A slot's buttons: the role toggles first, then Change and Remove. */
export const roleButton = style({ minWidth: vars.touchTarget, fontVariantNumeric: 'tabular-nums' });

export const slotNote = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const replaced = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const backups = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const backupList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const backup = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'start',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});

export const rank = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceSunken,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const backupBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** Problems listed before saving (quiet); after a Save with problems the kit's FormErrorSummary says them. */
export const problems = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.warningBorder}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningBg,
  color: vars.color.warningFg,
  fontSize: vars.fontSize.sm,
});

export const problemsTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const problemsList = style({ margin: `${vars.space.xs} 0 0`, paddingInlineStart: vars.space.lg });

export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
