import { type CSSProperties, createVar, style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { type ResponsiveProperty, responsiveBreakpoints } from './responsive';

type Declarations = CSSProperties & { vars?: Record<string, string> };
type CssVar = ReturnType<typeof createVar>;

/**
 * For `.css.ts` files only: one class per breakpoint (`sm`, `md`, `lg`, in that order, so a wider one wins)
 * whose media query sets `declarations(cssVar)`, the value coming from a CSS variable the component sets
 * inline (`breakpointOverrides` in ./responsive.ts). Three small rules per property, whatever the number of
 * values it takes — the kit's stylesheet is in every page's first load. Define it after the property's
 * ordinary classes, so an override comes later in the stylesheet than the base value it replaces.
 */
export function responsiveProperty(declarations: (cssVar: CssVar) => Declarations): ResponsiveProperty {
  const entries = responsiveBreakpoints.map((breakpoint) => {
    const cssVar = createVar();
    const className = style({ '@media': { [media[breakpoint]]: declarations(cssVar) } });
    return [breakpoint, { className, cssVar }] as const;
  });
  return Object.fromEntries(entries) as ResponsiveProperty;
}
