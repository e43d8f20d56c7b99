import * as RadixTooltip from '@radix-ui/react-tooltip';
import { type ComponentPropsWithoutRef, forwardRef, type ReactElement, type ReactNode } from 'react';
import { cx } from '../_internal/cx';
import * as styles from './Tooltip.css';

export const tooltipSides = ['top', 'right', 'bottom', 'left'] as const satisfies readonly TooltipSide[];
export type TooltipSide = 'top' | 'right' | 'bottom' | 'left';

export interface TooltipProps
  extends Omit<ComponentPropsWithoutRef<typeof RadixTooltip.Content>, 'content' | 'children' | 'side'> {
  content: ReactNode;
  /** One focusable element (button, link, input): the tooltip shows on its hover and keyboard focus. */
  children: ReactElement;
  side?: TooltipSide;
  /** Hover delay in ms (default 300). */
  delayDuration?: number;
  /** Start shown (uncontrolled) until the first hover or focus leaves; mainly for documentation. */
  defaultOpen?: boolean;
}

/**
 * A short hint on hover and keyboard focus (Radix Tooltip). Includes its own
 * provider, so it works anywhere. Not for essential information: touch users
 * rarely see it.
 */
export const Tooltip = forwardRef<HTMLDivElement, TooltipProps>(function Tooltip(
  { content, children, side = 'top', delayDuration = 300, defaultOpen, className, sideOffset = 6, ...rest },
  ref,
) {
  return (
    <RadixTooltip.Provider delayDuration={delayDuration}>
      <RadixTooltip.Root defaultOpen={defaultOpen}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            ref={ref}
            side={side}
            sideOffset={sideOffset}
            collisionPadding={8}
            className={cx(styles.content, className)}
            {...rest}
          >
            {content}
            <RadixTooltip.Arrow className={styles.arrow} width={12} height={6} />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
});
Tooltip.displayName = 'Tooltip';
