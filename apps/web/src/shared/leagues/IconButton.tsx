import { Button, type ButtonProps, Tooltip } from '@fantasy-cricket/ui';
import type { ReactNode } from 'react';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label'> {
  /** The accessible name, also shown as a tooltip. */
  label: string;
  icon: ReactNode;
}

/** A small icon-only button for table rows: named for screen readers, labelled by a tooltip for pointers. */
export function IconButton({ label, icon, variant = 'ghost', size = 'sm', ...rest }: IconButtonProps) {
  return (
    <Tooltip content={label}>
      <Button type="button" variant={variant} size={size} aria-label={label} {...rest}>
        {icon}
      </Button>
    </Tooltip>
  );
}
