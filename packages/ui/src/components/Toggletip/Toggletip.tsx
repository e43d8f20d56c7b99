import * as Popover from '@radix-ui/react-popover';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from '../_internal/cx';
import { InfoIcon } from '../_internal/icons';
import * as styles from './Toggletip.css';

export const toggletipSides = ['top', 'right', 'bottom', 'left'] as const satisfies readonly ToggletipSide[];
export type ToggletipSide = 'top' | 'right' | 'bottom' | 'left';

export interface ToggletipProps
  extends Omit<ComponentPropsWithoutRef<typeof Popover.Content>, 'content' | 'children' | 'side'> {
  /** The information: one or two short sentences. */
  content: ReactNode;
  /**
   * Accessible name of the popup ("About Duck") and, without `children`, of the info button that
   * opens it.
   */
  label: string;
  /**
   * The trigger: one element that renders a `<button>` (for example a feature name styled as text).
   * Without it, a round info button named `label`.
   */
  children?: ReactElement;
  side?: ToggletipSide;
  /** Delay before it shows on mouse hover, in ms (default 300). Taps, clicks and keys open it at once. */
  hoverDelay?: number;
  /** Start open (uncontrolled); mainly for documentation. */
  defaultOpen?: boolean;
}

type OpenedBy = 'hover' | 'press' | null;

/**
 * Information behind a button (Radix Popover): a tap, a click, Enter or Space opens it, and so does
 * a mouse resting on the trigger. Unlike `Tooltip` (hover and focus only, which touch screens never
 * do) it opens on phones. Opened by a press it takes focus, so a screen reader reads it (a dialog
 * named `label`, described by the text); Escape, a press outside or the trigger again closes it and
 * focus returns to the trigger. Opened by hover it leaves focus where it is and closes when the mouse
 * leaves, unless the trigger is then clicked, which keeps it open.
 */
export const Toggletip = forwardRef<HTMLDivElement, ToggletipProps>(function Toggletip(
  {
    content,
    label,
    children,
    side = 'top',
    hoverDelay = 300,
    defaultOpen = false,
    className,
    sideOffset = 6,
    onOpenAutoFocus,
    ...rest
  },
  ref,
) {
  const [open, setOpen] = useState(defaultOpen);
  const openedBy = useRef<OpenedBy>(defaultOpen ? 'press' : null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const textId = useId();
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const change = (next: boolean) => {
    clearTimeout(hoverTimer.current);
    if (next && openedBy.current === null) openedBy.current = 'press';
    if (!next) openedBy.current = null;
    setOpen(next);
  };

  const trigger = children ?? (
    <button type="button" className={styles.infoButton} aria-label={label}>
      <InfoIcon size={18} />
    </button>
  );

  return (
    <Popover.Root open={open} onOpenChange={change}>
      <Popover.Trigger
        asChild
        onPointerEnter={(event: PointerEvent) => {
          if (event.pointerType !== 'mouse' || open) return;
          clearTimeout(hoverTimer.current);
          hoverTimer.current = setTimeout(() => {
            openedBy.current = 'hover';
            setOpen(true);
          }, hoverDelay);
        }}
        onPointerLeave={(event: PointerEvent) => {
          if (event.pointerType !== 'mouse') return;
          clearTimeout(hoverTimer.current);
          if (openedBy.current === 'hover') change(false);
        }}
        onClick={(event: MouseEvent) => {
          clearTimeout(hoverTimer.current);
          // Shown by hover, then clicked: keep it open (Radix would toggle it closed).
          if (open && openedBy.current === 'hover') {
            event.preventDefault();
            openedBy.current = 'press';
          }
        }}
      >
        {trigger}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          ref={ref}
          side={side}
          sideOffset={sideOffset}
          collisionPadding={8}
          aria-label={label}
          aria-describedby={textId}
          className={cx(styles.content, className)}
          data-opened-by={openedBy.current ?? undefined}
          onOpenAutoFocus={(event) => {
            // A hover shows it without moving focus away from what the person is doing.
            if (openedBy.current === 'hover') event.preventDefault();
            onOpenAutoFocus?.(event);
          }}
          {...rest}
        >
          <div id={textId}>{content}</div>
          <Popover.Arrow className={styles.arrow} width={12} height={6} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});
Toggletip.displayName = 'Toggletip';
