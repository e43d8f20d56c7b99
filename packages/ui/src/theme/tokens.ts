/** Tokens shared by every theme: type, spacing, radii, layering and motion. */
export const sharedTokens = {
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    heading:
      '"Avenir Next", "Segoe UI Variable Display", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    '2xl': '1.75rem',
    '3xl': '2.25rem',
  },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.15', snug: '1.3', normal: '1.5', relaxed: '1.7' },
  space: {
    none: '0',
    '2xs': '0.125rem',
    xs: '0.25rem',
    sm: '0.5rem',
    md: '0.75rem',
    lg: '1rem',
    xl: '1.5rem',
    '2xl': '2rem',
    '3xl': '3rem',
  },
  radius: { sm: '4px', md: '8px', lg: '12px', xl: '18px', pill: '999px' },
  zIndex: {
    sticky: '10',
    drawer: '30',
    overlay: '40',
    modal: '50',
    popover: '60',
    toast: '70',
    tooltip: '80',
    loading: '90',
  },
  transition: { fast: '120ms ease-out', normal: '200ms cubic-bezier(0.2, 0.8, 0.2, 1)' },
  touchTarget: '44px',
} as const;
