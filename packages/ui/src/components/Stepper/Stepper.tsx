import { forwardRef, type OlHTMLAttributes } from 'react';
import { cx } from '../_internal/cx';
import { CheckIcon } from '../_internal/icons';
import { VisuallyHidden } from '../_internal/VisuallyHidden';
import * as styles from './Stepper.css';

export const stepStates = ['complete', 'current', 'upcoming'] as const;
export type StepState = (typeof stepStates)[number];

export interface StepperProps extends Omit<OlHTMLAttributes<HTMLOListElement>, 'children'> {
  /** The step titles, in order. */
  steps: readonly string[];
  /** Zero-based index of the step on screen. Steps before it show as complete. */
  current: number;
  /** Accessible name of the list. Default "Steps". */
  label?: string;
}

/**
 * Where the user is in a multi-step flow (a wizard): an ordered list of the step titles with the
 * current one marked `aria-current="step"` and the finished ones ticked. The flow's own buttons
 * (Next, Back) change `current`; the stepper itself is not interactive.
 */
export const Stepper = forwardRef<HTMLOListElement, StepperProps>(function Stepper(
  { steps, current, label = 'Steps', className, ...rest },
  ref,
) {
  return (
    <ol ref={ref} aria-label={label} className={cx(styles.list, className)} {...rest}>
      {steps.map((title, index) => {
        const state: StepState = index < current ? 'complete' : index === current ? 'current' : 'upcoming';
        return (
          <li
            key={title}
            className={styles.step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.marker} aria-hidden="true">
              {state === 'complete' ? <CheckIcon size={14} /> : index + 1}
            </span>
            {title}
            {state === 'complete' ? <VisuallyHidden> (completed)</VisuallyHidden> : null}
          </li>
        );
      })}
    </ol>
  );
});
Stepper.displayName = 'Stepper';
