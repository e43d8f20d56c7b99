import type { HTMLAttributes } from 'react';
import { visuallyHidden } from './VisuallyHidden.css';

/** Text for assistive technology only. */
export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <span className={className ? `${visuallyHidden} ${className}` : visuallyHidden} {...rest} />;
}
