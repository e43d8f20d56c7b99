import { FormErrorSummary } from '@fantasy-cricket/ui';
import * as styles from '../../../shared/leagues/leagues.css';

export type PopupStatus = { kind: 'success' | 'error'; text: string } | null;

/** Success and error messages shown inside a popup (spec: "Success and error messages shown in the popup"). */
export function PopupMessage({ status }: { status: PopupStatus }) {
  if (!status) return null;
  if (status.kind === 'error') return <FormErrorSummary message={status.text} />;
  return (
    <p role="status" className={styles.success}>
      {status.text}
    </p>
  );
}
