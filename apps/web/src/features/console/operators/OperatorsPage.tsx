import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  ConfirmDialog,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  FormErrorSummary,
  QueryState,
  TextField,
} from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { queryState } from '../../../data/query-state';
import { useGrantOperatorMutation } from '../../../data/operator/grant-operator-mutation';
import { useOperatorsQuery } from '../../../data/operator/operators-query';
import { useRevokeOperatorMutation } from '../../../data/operator/revoke-operator-mutation';
import type { Operator } from '../../../data/operator/types';
import { errorNotificationText, notifyError, notifySuccess } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as styles from '../shared/console.css';
import { formatDateTime } from '../shared/format';

export const grantSchema = z.object({
  email: z.string().trim().min(1, 'Enter the email of the account.').max(254).email('Enter a valid email address.'),
});
type GrantValues = z.infer<typeof grantSchema>;

/** Operators (/console/operators): who they are, grant the role by email, revoke it after a confirmation. */
export function OperatorsPage() {
  const operators = useOperatorsQuery();
  const grant = useGrantOperatorMutation();
  const revoke = useRevokeOperatorMutation();
  const [confirm, setConfirm] = useState<Operator | null>(null);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<GrantValues>({ resolver: zodResolver(grantSchema), defaultValues: { email: '' } });

  const onGrant = async ({ email }: GrantValues) => {
    setFormError(undefined);
    try {
      const operator = await grant.mutateAsync(email.trim());
      notifySuccess(`${operator.Name} (${operator.Email}) is an operator.`);
      reset({ email: '' });
    } catch (error) {
      setFormError(errorNotificationText(error, 'The role could not be granted. Please try again.'));
    }
  };

  const onRevoke = async (operator: Operator) => {
    try {
      await revoke.mutateAsync(operator.Email);
      notifySuccess(`${operator.Name} is no longer an operator.`);
    } catch (error) {
      notifyError(error, 'The role could not be revoked. Please try again.');
    } finally {
      setConfirm(null);
    }
  };

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<Operator>();
    const list: DataTableColumn<Operator>[] = [
      col.accessor('Name', { header: 'Name', meta: { rowHeader: true } }),
      col.accessor('Email', { header: 'Email', meta: { cellClassName: styles.breakAnywhere } }),
      col.accessor('GrantedAt', { header: 'Granted', cell: (info) => formatDateTime(info.getValue()) }),
      col.accessor('GrantedBy', { header: 'Granted by', meta: { cellClassName: styles.breakAnywhere } }),
      col.display({
        id: 'revoke',
        header: 'Action',
        meta: { narrow: 'actions' },
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Revoke ${row.original.Name}`}
            onClick={() => setConfirm(row.original)}
          >
            Revoke
          </Button>
        ),
      }),
    ];
    return list;
  }, []);

  return (
    <Page
      title="Operators"
      intro="Site operators run seasons, schedules and results. Every change is in the audit log."
      width="wide"
    >
      <Card title="Grant the operator role">
        <form
          noValidate
          className={styles.stack}
          onSubmit={handleSubmit(onGrant, () => setFormError(messages.common.checkForm))}
        >
          <FormErrorSummary message={formError} />
          <div className={styles.row}>
            <TextField
              label="Email of the account"
              type="email"
              autoComplete="off"
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" loading={isSubmitting}>
              Grant
            </Button>
          </div>
        </form>
      </Card>
      <Card title="Operators">
        <QueryState
          {...queryState(operators)}
          loadingText="Loading operators…"
          errorMessage={errorNotificationText(operators.error, 'The operators could not be loaded. Please try again.')}
        >
          <DataTable
            caption="Operators"
            captionHidden
            columns={columns}
            data={operators.data ?? []}
            getRowId={(operator) => String(operator.UserID)}
            emptyMessage="No operators."
          />
        </QueryState>
      </Card>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Revoke the operator role?"
        message={confirm ? `${confirm.Name} (${confirm.Email}) will no longer reach the console.` : ''}
        confirmLabel="Revoke"
        tone="danger"
        busy={revoke.isPending}
        onConfirm={() => confirm && void onRevoke(confirm)}
      />
    </Page>
  );
}
