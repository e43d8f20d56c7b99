import * as styles from '../leagues/leagues.css';

/**
 * The kit has no wizard, so the configure popup has this small one: an ordered list of the steps,
 * the current one marked with aria-current="step".
 */
export function Stepper({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className={styles.steps} aria-label="Configuration steps">
      {steps.map((label, index) => (
        <li key={label} className={styles.step} aria-current={index === current ? 'step' : undefined}>
          <span className={styles.stepNumber} aria-hidden="true">
            {index + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}
