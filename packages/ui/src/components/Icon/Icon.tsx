import { forwardRef, type SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  /** Width and height in CSS pixels (the drawing is on a 24 × 24 grid). Default 20. */
  size?: number;
}

/**
 * The frame of the kit's line icons: a 24 × 24 viewBox drawn with 2 px round strokes in
 * `currentColor`, so an icon takes the colour of its text. Icons are decorative (hidden from
 * assistive technology): the control that holds one carries the accessible name.
 *
 * ```tsx
 * export const TrophyIcon = (p: IconProps) => (
 *   <Icon {...p}><path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4z" /></Icon>
 * );
 * ```
 */
export const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon({ size = 20, children, ...rest }, ref) {
  return (
    <svg
      ref={ref}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
});
Icon.displayName = 'Icon';
