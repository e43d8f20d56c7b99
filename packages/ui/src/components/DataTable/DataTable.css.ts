import { createContainer, type GlobalStyleRule, globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../_internal/focus';

/** The wrapper is a size container: rows stack by the table's own width, not the window's. */
export const container = createContainer();

export const wrapper = style({
  containerType: 'inline-size',
  containerName: container,
  width: '100%',
  overflowX: 'auto',
  WebkitOverflowScrolling: 'touch',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceRaised,
  selectors: {
    '&:focus-visible': focusRing,
  },
});

export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});

export const caption = style({
  captionSide: 'top',
  padding: `${vars.space.md} ${vars.space.md}`,
  textAlign: 'start',
  '@media': { [media.sm]: { paddingInline: vars.space.lg } },
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const th = style({
  position: 'sticky',
  top: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  '@media': { [media.sm]: { paddingInline: vars.space.lg } },
  height: 44,
  backgroundColor: vars.color.surfaceSunken,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.05em',
  textTransform: 'uppercase',
  textAlign: 'start',
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
  selectors: {
    '&[aria-sort]': { color: vars.color.text },
  },
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: `0 calc(-1 * ${vars.space.xs})`,
  padding: `${vars.space.xs}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  backgroundColor: 'transparent',
  color: 'inherit',
  font: 'inherit',
  letterSpacing: 'inherit',
  textTransform: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
    '&:focus-visible': focusRing,
  },
});

export const sortIcon = style({ color: vars.color.primaryText });

export const td = style({
  selectors: {
    'tr:last-child > &': { borderBottom: 'none' },
    // A row and its detail line read as one.
    'tr:has(+ tr[data-detail]) > &': { borderBottom: 'none' },
  },
  padding: `${vars.space.md} ${vars.space.md}`,
  textAlign: 'start',
  '@media': { [media.sm]: { paddingInline: vars.space.lg } },
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

export const row = style({
  transition: `background-color ${vars.transition.fast}`,
  selectors: {
    // Detail rows belong to the row above them: they do not count for the stripes.
    '&:nth-child(even of :not([data-detail]))': { backgroundColor: vars.color.surfaceSunken },
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[data-tone="highlight"]': {
      backgroundColor: vars.color.accentSubtle,
      boxShadow: `inset 4px 0 0 ${vars.color.accent}`,
    },
    '&[data-tone="success"]': {
      backgroundColor: vars.color.successBg,
      color: vars.color.successFg,
      boxShadow: `inset 4px 0 0 ${vars.color.successBorder}`,
    },
    '&[data-tone="error"]': {
      backgroundColor: vars.color.errorBg,
      color: vars.color.errorFg,
      boxShadow: `inset 4px 0 0 ${vars.color.errorBorder}`,
    },
    '&[data-tone="muted"]': { color: vars.color.textMuted },
  },
});

/** A row's detail line (`renderRowDetail`): under its row, in its tone, indented like the cells. */
export const detailRow = style({
  backgroundColor: vars.color.surfaceSunken,
  selectors: {
    '&[data-tone="highlight"]': {
      backgroundColor: vars.color.accentSubtle,
      boxShadow: `inset 4px 0 0 ${vars.color.accent}`,
    },
  },
});

export const detailCell = style({
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.sm]: { paddingInline: vars.space.lg } },
  selectors: { 'tr:last-child > &': { borderBottom: 'none' } },
});

export const alignStart = style({ textAlign: 'start' });
export const alignCenter = style({ textAlign: 'center' });
export const alignEnd = style({ textAlign: 'end' });

export const empty = style({
  padding: `${vars.space['2xl']} ${vars.space.lg}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});

/** Wraps each cell's content: no box on wide tables, the value column when rows stack. */
export const cellContent = style({ display: 'contents' });

/*
 * Stacked mode: below the table's `stackBelow` width (a container query on the
 * wrapper, so it also works in narrow panels) every body row becomes a block:
 * title cells first, then one "Header: value" line per field, then the action
 * cells side by side as one full-width row of 44px targets. The elements keep
 * their table roles (set explicitly in DataTable.tsx, since some browsers drop
 * table semantics when the display changes), so screen readers still pair each
 * value with its column header; the visual label is CSS generated content with
 * empty alternative text, so it is not read twice.
 */
const stackWidths = { sm: breakpoints.sm, md: breakpoints.md } as const;

function stacked(selector: string, rules: GlobalStyleRule) {
  for (const [name, px] of Object.entries(stackWidths)) {
    globalStyle(`${wrapper}[data-stack="${name}"] > table${selector}`, {
      '@container': { [`${container} (max-width: ${px - 0.02}px)`]: rules },
    });
  }
}

const bodyRow = ' > tbody > tr';
const bodyCell = `${bodyRow} > :is(td, th)`;
const headRow = ' > thead > tr';

stacked('', { display: 'block' });
stacked(' > caption', { display: 'block' });
stacked(' > tbody', { display: 'block' });
stacked(' > thead', { display: 'block' });

// The header row becomes a sort bar: sortable headers stay visible as buttons,
// the others are kept for screen readers only.
stacked(headRow, { display: 'none' });
stacked(`${headRow}[data-sortable]`, {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  backgroundColor: vars.color.surfaceSunken,
  borderBottom: `1px solid ${vars.color.border}`,
});
stacked(`${headRow}[data-sortable]::before`, {
  content: '"Sort by" / ""',
  marginInlineEnd: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.05em',
  textTransform: 'uppercase',
});
stacked(`${headRow} > th`, {
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
stacked(`${headRow} > th[data-sortable]`, {
  position: 'static',
  width: 'auto',
  height: 'auto',
  margin: 0,
  overflow: 'visible',
  clip: 'auto',
  padding: 0,
  backgroundColor: 'transparent',
  borderBottom: 'none',
});
stacked(`${headRow} > th[data-sortable] > button`, {
  minHeight: vars.touchTarget,
  margin: 0,
  paddingInline: vars.space.sm,
});

stacked(bodyRow, {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xs,
  padding: `${vars.space.md} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
stacked(`${bodyRow}:last-child`, { borderBottom: 'none' });
stacked(bodyCell, {
  display: 'block',
  padding: 0,
  border: 'none',
  textAlign: 'start',
  minWidth: 0,
  overflowWrap: 'anywhere',
});

// Title: the row's name, first and larger; several title cells share the line.
stacked(`${bodyCell}[data-narrow="title"]`, {
  order: -1,
  flex: '1 1 auto',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});
stacked(`${bodyCell}[data-narrow="title"]:first-child`, { flexGrow: 0 });

// Fields: "Header: value" on one line each.
stacked(`${bodyCell}[data-narrow="field"]`, {
  flex: '1 1 100%',
  display: 'grid',
  gridTemplateColumns: 'minmax(6rem, 40%) minmax(0, 1fr)',
  columnGap: vars.space.md,
  alignItems: 'baseline',
});
stacked(`${bodyCell}[data-narrow="field"]::before`, {
  content: 'attr(data-label) / ""',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.05em',
  textTransform: 'uppercase',
});
stacked(`${bodyCell}[data-narrow="field"] > ${cellContent}`, { display: 'block', minWidth: 0 });

// Actions: side by side in a last, full-width line; every control at least a touch target.
stacked(`${bodyCell}[data-narrow="actions"]`, {
  order: 1,
  flex: '1 1 auto',
  minWidth: vars.touchTarget,
  // Captions keep whole words: a cell too narrow for its caption wraps to the next line instead.
  overflowWrap: 'normal',
});
stacked(`${bodyCell}[data-narrow="actions"] > ${cellContent}`, {
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
stacked(`${bodyCell}[data-narrow="actions"] > ${cellContent} > *`, {
  flex: '1 1 auto',
  minHeight: vars.touchTarget,
  minWidth: vars.touchTarget,
});
stacked(`${bodyCell}[data-narrow="actions"][data-label]::before`, {
  content: 'attr(data-label) / ""',
  display: 'block',
  marginBottom: 2,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});
stacked(`${bodyCell}[data-narrow="actions"]:has(> ${cellContent}:empty)`, { display: 'none' });
// A line break before the first action cell, so actions never share a line with fields.
stacked(`${bodyRow}[data-has-actions]::after`, { content: '""', order: 0, flexBasis: '100%', height: 0 });

stacked(`${bodyCell}[data-narrow="hidden"]`, { display: 'none' });

// Links in cells (score links, names) get a touch-target hit area on touch screens.
globalStyle(`${wrapper} > table > tbody > tr > :is(td, th) a`, {
  '@media': {
    [media.touch]: {
      display: 'inline-flex',
      alignItems: 'center',
      minHeight: vars.touchTarget,
      minWidth: vars.touchTarget,
    },
  },
});
