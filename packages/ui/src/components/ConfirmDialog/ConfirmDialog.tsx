import { forwardRef, type ReactNode, useId } from 'react';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import * as styles from './ConfirmDialog.css';

export const confirmDialogTones = ['default', 'danger'] as const satisfies readonly ConfirmDialogTone[];
export type ConfirmDialogTone = 'default' | 'danger';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  /** Default 'Confirm'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /**
   * Called by the confirm button. The dialog does not close itself: close it
   * (`onOpenChange(false)` / your state) when the work is done, and pass `busy`
   * meanwhile.
   */
  onConfirm: () => void;
  /** 'danger' paints the confirm button red (delete, reject, irreversible steps). */
  tone?: ConfirmDialogTone;
  /** Shows a spinner on the confirm button and disables both buttons. */
  busy?: boolean;
  className?: string;
}

/** A small `alertdialog` asking the user to confirm or cancel an action. */
export const ConfirmDialog = forwardRef<HTMLDivElement, ConfirmDialogProps>(function ConfirmDialog(
  {
    open,
    onOpenChange,
    title,
    message,
    confirmLabel = 'Confirm',
    cancelLabel = 'Cancel',
    onConfirm,
    tone = 'default',
    busy = false,
    className,
  },
  ref,
) {
  const messageId = `confirm-${useId()}`;
  return (
    <Modal
      ref={ref}
      role="alertdialog"
      aria-describedby={messageId}
      open={open}
      onOpenChange={(next) => {
        if (busy && !next) return;
        onOpenChange(next);
      }}
      title={title}
      size="sm"
      className={className}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div id={messageId} className={styles.message}>
        {typeof message === 'string' ? <p className={styles.text}>{message}</p> : message}
      </div>
    </Modal>
  );
});
ConfirmDialog.displayName = 'ConfirmDialog';
