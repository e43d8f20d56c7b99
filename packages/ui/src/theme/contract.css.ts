import { createThemeContract } from '@vanilla-extract/css';

/**
 * The theme contract: every design token a component may read.
 * Components import `vars` and never hard-code a colour, size or font.
 * Each theme (`lightTheme`, `darkTheme`) fills every slot with a value.
 *
 * Breakpoints cannot be CSS variables (media queries do not read them);
 * they live in `./breakpoints.ts` as plain numbers.
 */
export const vars = createThemeContract({
  color: {
    /** Cricket green: primary actions, active navigation, brand. */
    primary: null,
    primaryHover: null,
    primaryActive: null,
    /** Text and icons on `primary`. */
    onPrimary: null,
    /** A tinted green surface (selected rows, active nav background). */
    primarySubtle: null,
    /** Green text that passes AA on `surface`, `surfaceRaised` and `primarySubtle`. */
    primaryText: null,
    /** Gold accent: highlights, badges, the logo ball's seam. */
    accent: null,
    accentHover: null,
    /** Text on `accent`. */
    onAccent: null,
    accentSubtle: null,
    /** Page background. */
    surface: null,
    /** Cards, dialogs, menus, inputs. */
    surfaceRaised: null,
    /** Table headers, zebra rows, wells. */
    surfaceSunken: null,
    /** Hover background for rows and ghost controls. */
    surfaceHover: null,
    /** Header/brand band. */
    surfaceBrand: null,
    onSurfaceBrand: null,
    text: null,
    textMuted: null,
    /** Hairlines and dividers. */
    border: null,
    /** Form-control borders (≥ 3:1 against the surface). */
    borderStrong: null,
    focusRing: null,
    link: null,
    linkHover: null,
    danger: null,
    dangerHover: null,
    onDanger: null,
    successBg: null,
    successFg: null,
    successBorder: null,
    errorBg: null,
    errorFg: null,
    errorBorder: null,
    warningBg: null,
    warningFg: null,
    warningBorder: null,
    infoBg: null,
    infoFg: null,
    infoBorder: null,
    /** Rank medals (1st, 2nd, 3rd) and the text colour that reads on all three. */
    gold: null,
    silver: null,
    bronze: null,
    onRank: null,
    /** Search-match highlight (`<mark>`). */
    highlight: null,
    onHighlight: null,
    /** Modal/drawer backdrop. */
    backdrop: null,
  },
  font: {
    body: null,
    heading: null,
    mono: null,
  },
  fontSize: {
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
    '2xl': null,
    '3xl': null,
  },
  fontWeight: {
    regular: null,
    medium: null,
    semibold: null,
    bold: null,
  },
  lineHeight: {
    tight: null,
    snug: null,
    normal: null,
    relaxed: null,
  },
  space: {
    none: null,
    '2xs': null,
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
    '2xl': null,
    '3xl': null,
  },
  radius: {
    sm: null,
    md: null,
    lg: null,
    xl: null,
    pill: null,
  },
  shadow: {
    sm: null,
    md: null,
    lg: null,
  },
  zIndex: {
    /** Sticky header. */
    sticky: null,
    /** Off-canvas sidebar drawer and its backdrop. */
    drawer: null,
    /** Dialog backdrop. */
    overlay: null,
    modal: null,
    /** Select menus and other popovers (must sit above modals). */
    popover: null,
    toast: null,
    tooltip: null,
    /** The full-page LoadingOverlay: above everything, it blocks the page. */
    loading: null,
  },
  transition: {
    fast: null,
    normal: null,
  },
  /**
   * The smallest box a finger can hit reliably (44 × 44 CSS px, WCAG 2.5.5): close and menu buttons, and
   * every control's height and width on touch screens (`media.touch`).
   */
  touchTarget: null,
});

export type Vars = typeof vars;
/** Keys of the spacing scale, e.g. for `<Stack gap="md">`. */
export type SpaceToken = keyof typeof vars.space;
