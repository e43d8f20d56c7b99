import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import { Spinner } from '../Spinner/Spinner';
import { cx } from '../_internal/cx';
import { ErrorIcon } from '../_internal/icons';
import * as styles from './QueryState.css';

/** The states of a load, as a query library reports them (TanStack Query's `status`). */
export const queryStatuses = ['pending', 'error', 'success'] as const;
export type QueryStatus = (typeof queryStatuses)[number];

export interface QueryStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The load's state: `pending` shows the spinner, `error` the message and Retry, `success` the content (or `emptyMessage`). */
  status: QueryStatus;
  /** What is loading, shown beside the spinner ("Loading your leagues…"). */
  loadingText: string;
  /** The failed load's message (the screen's text from the spec, or the generic one). */
  errorMessage: string;
  /** Loads again; the Retry button shows only when given. */
  onRetry?: () => void;
  /** True while the retry runs (the button shows its spinner). */
  retrying?: boolean;
  /** Label of the Retry button (default 'Retry'). */
  retryLabel?: string;
  /** A successful answer with nothing in it: `emptyMessage` shows instead of the content. */
  isEmpty?: boolean;
  /** Shown instead of the content when `isEmpty` (what is missing and what to do). */
  emptyMessage?: ReactNode;
  /** The content, rendered only on success (a function reads the data only once it is there). */
  children?: ReactNode | (() => ReactNode);
}

/**
 * One pattern for every load on every screen: a spinner and its text while loading, the error with a
 * Retry when the load failed (never an empty list), the empty message for an empty answer, else the
 * content. The kit knows nothing of the query library: pass its `status`, `refetch` and `isFetching`.
 */
export const QueryState = forwardRef<HTMLDivElement, QueryStateProps>(function QueryState(
  {
    status,
    loadingText,
    errorMessage,
    onRetry,
    retrying = false,
    retryLabel = 'Retry',
    isEmpty = false,
    emptyMessage,
    children,
    className,
    ...rest
  },
  ref,
) {
  if (status === 'pending') {
    return (
      <div ref={ref} role="status" className={cx(styles.quiet, className)} data-state="loading" {...rest}>
        <Spinner size="sm" />
        <span>{loadingText}</span>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div ref={ref} role="alert" className={cx(styles.error, className)} data-state="error" {...rest}>
        <p className={styles.message}>
          <ErrorIcon size={18} className={styles.icon} />
          <span>{errorMessage}</span>
        </p>
        {onRetry ? (
          <Button size="sm" variant="secondary" loading={retrying} onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : null}
      </div>
    );
  }
  if (isEmpty) {
    return (
      <div ref={ref} role="status" className={cx(styles.quiet, className)} data-state="empty" {...rest}>
        {emptyMessage}
      </div>
    );
  }
  return <>{typeof children === 'function' ? children() : children}</>;
});
QueryState.displayName = 'QueryState';
