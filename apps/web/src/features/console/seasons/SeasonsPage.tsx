import {
  Button,
  Card,
  ConfirmDialog,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  QueryState,
  Stack,
  Text,
} from '@fantasy-cricket/ui';
import { useMemo, useState } from 'react';
import { queryState } from '../../../data/query-state';
import { useSetSeasonActiveMutation } from '../../../data/operator/season-activation-mutation';
import { useOperatorSeasonsQuery } from '../../../data/operator/seasons-query';
import type { OperatorSeason } from '../../../data/operator/types';
import { errorNotificationText, notifyError, notifySuccess } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as styles from '../shared/console.css';
import { StatusBadge } from '../shared/StatusBadge';
import { CreateSeasonModal } from './CreateSeasonModal';

/**
 * Seasons (/console/seasons): every season with its fixtures and whether it is active (what Start
 * League offers), a new season, and activate or deactivate after a confirmation.
 */
export function SeasonsPage() {
  const seasons = useOperatorSeasonsQuery();
  const setActive = useSetSeasonActiveMutation();
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<OperatorSeason | null>(null);

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<OperatorSeason>();
    const list: DataTableColumn<OperatorSeason>[] = [
      col.accessor('Name', { header: 'Name', meta: { rowHeader: true } }),
      col.accessor('Competition', { header: 'Competition', meta: { cellClassName: styles.breakAnywhere } }),
      col.accessor('Year', { header: 'Year', meta: { align: 'end' } }),
      col.accessor('Fixtures', { header: 'Fixtures', meta: { align: 'end' } }),
      col.accessor('Completed', { header: 'Completed', meta: { align: 'end' } }),
      col.accessor('Active', {
        header: 'Active',
        cell: (info) =>
          info.getValue() ? (
            <StatusBadge tone="good">Active</StatusBadge>
          ) : (
            <StatusBadge tone="quiet">Inactive</StatusBadge>
          ),
      }),
      col.display({
        id: 'action',
        header: 'Action',
        meta: { narrow: 'actions' },
        cell: ({ row }) => (
          <Button
            size="sm"
            variant={row.original.Active ? 'secondary' : 'primary'}
            aria-label={`${row.original.Active ? 'Deactivate' : 'Activate'} ${row.original.Name}`}
            onClick={() => setConfirm(row.original)}
          >
            {row.original.Active ? 'Deactivate' : 'Activate'}
          </Button>
        ),
      }),
    ];
    return list;
  }, []);

  const toggle = async (season: OperatorSeason) => {
    try {
      const now = await setActive.mutateAsync({ seasonId: season.SeasonID, active: !season.Active });
      notifySuccess(`${now.Name} is now ${now.Active ? 'active' : 'inactive'}.`);
    } catch (error) {
      notifyError(error, 'The season could not be changed. Please try again.');
    } finally {
      setConfirm(null);
    }
  };

  return (
    <Page title="Seasons" intro="Create seasons and choose which ones leagues can be started for." width="wide">
      <Card>
        <div className={styles.stack}>
          <Stack
            gap="sm"
            direction={{ base: 'column', sm: 'row' }}
            align={{ base: 'stretch', sm: 'center' }}
            justify={{ base: 'start', sm: 'between' }}
          >
            <Text tone="muted" size="sm">
              A new season is inactive until you activate it.
            </Text>
            <Button onClick={() => setCreating(true)}>New season</Button>
          </Stack>
          <QueryState
            {...queryState(seasons)}
            loadingText="Loading seasons…"
            errorMessage={errorNotificationText(seasons.error, 'The seasons could not be loaded. Please try again.')}
          >
            <DataTable
              caption="Seasons"
              captionHidden
              columns={columns}
              data={seasons.data ?? []}
              getRowId={(season) => String(season.SeasonID)}
              getRowProps={(season) => (season.Active ? { tone: 'highlight' } : undefined)}
              emptyMessage="No seasons yet. Create the first one."
            />
          </QueryState>
        </div>
      </Card>
      <CreateSeasonModal open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.Active ? 'Deactivate season?' : 'Activate season?'}
        message={
          confirm?.Active
            ? `Deactivate ${confirm.Name}? New leagues can no longer be started for it; existing leagues keep playing.`
            : `Activate ${confirm?.Name ?? ''}? Members can then start leagues for it.`
        }
        confirmLabel={confirm?.Active ? 'Deactivate' : 'Activate'}
        tone={confirm?.Active ? 'danger' : 'default'}
        busy={setActive.isPending}
        onConfirm={() => confirm && void toggle(confirm)}
      />
    </Page>
  );
}
