/**
 * Breakpoints (min-width, px). Media queries cannot read CSS variables, so
 * these are plain numbers shared by every `.css.ts` file.
 *
 * - `sm` 600: phones end here; dialogs go full-screen below it.
 * - `md` 900: the app shell shows the sidebar as a fixed column from here up;
 *   below it the sidebar is an off-canvas drawer and the header shows a hamburger.
 * - `lg` 1200: wide desktop; content gets more breathing room.
 */
export const breakpoints = { sm: 600, md: 900, lg: 1200 } as const;

export type Breakpoint = keyof typeof breakpoints;

/** Ready-made media queries: `'@media': { [media.md]: { … } }`. */
export const media = {
  sm: `screen and (min-width: ${breakpoints.sm}px)`,
  md: `screen and (min-width: ${breakpoints.md}px)`,
  lg: `screen and (min-width: ${breakpoints.lg}px)`,
  belowSm: `screen and (max-width: ${breakpoints.sm - 0.02}px)`,
  belowMd: `screen and (max-width: ${breakpoints.md - 0.02}px)`,
  belowLg: `screen and (max-width: ${breakpoints.lg - 0.02}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
  /**
   * Touch sizing: phones (below 600px) and any coarse pointer (tablets, touch
   * laptops). Controls grow to `vars.touchTarget` (44px) here; desktops with a mouse keep
   * the denser sizes. Width catches phone emulation and narrow windows too.
   */
  touch: `screen and (max-width: ${breakpoints.sm - 0.02}px), (pointer: coarse)`,
} as const;
