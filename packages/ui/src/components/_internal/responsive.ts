import type { Breakpoint } from '../../theme/breakpoints';

/**
 * A layout prop's value: one value for every width, or one per kit breakpoint. `base` applies from 0 up,
 * each breakpoint key from that breakpoint up (`sm` 600, `md` 900, `lg` 1200 px), so
 * `{ base: 'md', md: 'xl' }` is `md` on phones and tablets and `xl` from 900 px.
 */
export type ResponsiveValue<T> = T | ({ base: T } & { [B in Breakpoint]?: T });

/** The breakpoints a responsive value may name besides `base`, narrowest first (the cascade order). */
export const responsiveBreakpoints = ['sm', 'md', 'lg'] as const satisfies readonly Breakpoint[];

/**
 * What `responsiveProperty` (./responsiveStyles.ts) defines for one CSS property: per breakpoint, a class
 * that sets the property from a CSS variable inside that breakpoint's media query, and the variable.
 */
export type ResponsiveProperty = Record<Breakpoint, { className: string; cssVar: string }>;

function isPerBreakpoint<T>(value: ResponsiveValue<T>): value is { base: T } & { [B in Breakpoint]?: T } {
  return typeof value === 'object' && value !== null && 'base' in value;
}

/** The value below the first breakpoint. */
export function baseValue<T>(value: ResponsiveValue<T>): T {
  return isPerBreakpoint(value) ? value.base : value;
}

/** `var(--x)` → `--x`, the name to set on an element's style. */
function propertyName(cssVar: string): string {
  const match = /^var\((--[^,)]+)/.exec(cssVar);
  if (!match?.[1]) throw new Error(`Not a CSS variable: ${cssVar}`);
  return match[1];
}

/**
 * Collects the breakpoint overrides of a component's responsive props: `add` returns the base value (for
 * the component's ordinary classes) and records, for each breakpoint the value names, the override class
 * and the CSS variable it reads. Only the breakpoints a value names cost a class; a plain value costs none.
 */
export function breakpointOverrides() {
  const classNames: string[] = [];
  const style: Record<string, string> = {};
  return {
    add<T>(value: ResponsiveValue<T>, property: ResponsiveProperty, toCss: (value: T) => string): T {
      if (!isPerBreakpoint(value)) return value;
      for (const breakpoint of responsiveBreakpoints) {
        const at = value[breakpoint];
        if (at === undefined) continue;
        classNames.push(property[breakpoint].className);
        style[propertyName(property[breakpoint].cssVar)] = toCss(at);
      }
      return value.base;
    },
    classNames,
    style,
  };
}
