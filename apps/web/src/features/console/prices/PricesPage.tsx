import {
  Card,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  QueryState,
  Select,
  Text,
} from '@fantasy-cricket/ui';
import { useMemo } from 'react';
import { useFixturePricesQuery } from '../../../data/operator/fixture-prices-query';
import type { FixturePrice } from '../../../data/operator/types';
import { queryState } from '../../../data/query-state';
import { errorNotificationText } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as consoleStyles from '../shared/console.css';
import { formatDateTime } from '../shared/format';
import { StatusBadge } from '../shared/StatusBadge';
import { PriceEditor } from './PriceEditor';
import * as styles from './prices.css';
import { type PriceRow, priceRows } from './rows';
import { priceHint, priceText } from './schema';
import { useFixtureChoice } from './useFixtureChoice';

const sourceLabel: Record<FixturePrice['Source'], string> = { form: 'Form', operator: 'Operator' };

/** The season and fixture pickers: the fixtures still to start first, then those started. */
function FixturePicker({ choice }: { choice: ReturnType<typeof useFixtureChoice> }) {
  const { seasons, season, chooseSeason, fixtures, ordered, fixtureId, chooseFixture } = choice;
  const options = [
    ...ordered.upcoming.map((f) => ({
      value: String(f.FixtureID),
      label: `${f.Name}: ${f.Home.Code} v ${f.Away.Code}`,
      description: `Starts ${formatDateTime(f.StartTime)}`,
    })),
    ...ordered.started.map((f) => ({
      value: String(f.FixtureID),
      label: `${f.Name}: ${f.Home.Code} v ${f.Away.Code}`,
      description: `Started ${formatDateTime(f.StartTime)} · prices frozen`,
    })),
  ];
  return (
    <Card title="Fixture">
      <QueryState
        {...queryState(seasons)}
        loadingText="Loading seasons…"
        errorMessage={errorNotificationText(seasons.error, 'The seasons could not be loaded. Please try again.')}
        isEmpty={(seasons.data ?? []).length === 0}
        emptyMessage="No seasons yet."
      >
        <div className={styles.pickers}>
          <Select
            label="Season"
            options={(seasons.data ?? []).map((s) => ({ value: String(s.SeasonID), label: s.Name }))}
            value={season ? String(season.SeasonID) : ''}
            onValueChange={chooseSeason}
          />
          <QueryState
            {...queryState(fixtures)}
            loadingText="Loading fixtures…"
            errorMessage={errorNotificationText(fixtures.error, 'The fixtures could not be loaded. Please try again.')}
            isEmpty={(fixtures.data ?? []).length === 0}
            emptyMessage="This season has no fixtures yet."
          >
            <Select
              label="Fixture"
              options={options}
              value={options.some((o) => o.value === String(fixtureId)) ? String(fixtureId) : ''}
              placeholder="Choose the match…"
              onValueChange={(v) => chooseFixture(Number(v))}
            />
          </QueryState>
        </div>
      </QueryState>
    </Card>
  );
}

/** The fixture's players with their prices; each price editable until the fixture starts. */
function FixturePrices({ fixtureId }: { fixtureId: number }) {
  const prices = useFixturePricesQuery(fixtureId);
  const frozen = prices.data?.Frozen ?? true;
  const rows = useMemo(() => priceRows(prices.data?.Players ?? []), [prices.data]);

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<PriceRow>();
    const list: DataTableColumn<PriceRow>[] = [
      col.accessor('PlayerName', { header: 'Player', enableSorting: true, meta: { rowHeader: true } }),
      col.accessor('TeamCode', { header: 'Team', enableSorting: true }),
      col.accessor('PositionRank', {
        id: 'position',
        header: 'Position',
        enableSorting: true,
        // Keepers first, as the squads are listed (a number column would sort descending first).
        sortDescFirst: false,
        cell: ({ row }) => row.original.PositionName,
      }),
      col.accessor('Price', {
        header: 'Price',
        enableSorting: true,
        // The dearest first.
        sortDescFirst: true,
        meta: { align: 'end' },
        cell: ({ row }) => <span className={styles.number}>{priceText(row.original.Price)}</span>,
      }),
      col.accessor('Source', {
        header: 'Source',
        enableSorting: true,
        cell: ({ row }) => (
          <StatusBadge tone={row.original.Source === 'operator' ? 'info' : 'quiet'}>
            {sourceLabel[row.original.Source]}
          </StatusBadge>
        ),
      }),
    ];
    if (!frozen) {
      list.push(
        col.display({
          id: 'edit',
          header: 'New price',
          meta: { narrow: 'actions' },
          cell: ({ row }) => <PriceEditor fixtureId={fixtureId} player={row.original} />,
        }),
      );
    }
    return list;
  }, [fixtureId, frozen]);

  const name = prices.data?.FixtureName;
  return (
    <Card title={name ? `Prices: ${name}` : 'Prices'}>
      <QueryState
        {...queryState(prices)}
        loadingText="Loading the prices…"
        errorMessage={errorNotificationText(prices.error, 'The prices could not be loaded. Please try again.')}
        isEmpty={rows.length === 0}
        emptyMessage="Neither team of this fixture has a squad yet: there are no prices to show."
      >
        <div className={consoleStyles.stack}>
          {frozen ? (
            <div className={styles.note}>
              <StatusBadge tone="warn">Frozen</StatusBadge>
              <Text>{name} has started: its prices are frozen and can no longer change.</Text>
            </div>
          ) : (
            <Text size="sm" tone="muted">
              {priceHint}
            </Text>
          )}
          <DataTable
            caption={`Player prices of ${name}`}
            captionHidden
            columns={columns}
            data={rows}
            getRowId={(row) => String(row.PlayerID)}
            stackBelow="md"
            emptyMessage="No players."
          />
        </div>
      </QueryState>
    </Card>
  );
}

/**
 * Player prices (/console/prices): the players' prices (credits for Player Selection budgets) of a
 * fixture — from form, or an operator's — and an operator's price for any player until the fixture
 * starts (issue 27; docs/scoring.md "Prices").
 */
export function PricesPage() {
  const choice = useFixtureChoice();
  return (
    <Page title="Player prices" intro="See and override the players’ prices of a fixture until it starts." width="wide">
      <div className={consoleStyles.stack}>
        <FixturePicker choice={choice} />
        {choice.fixtureId > 0 ? <FixturePrices fixtureId={choice.fixtureId} /> : null}
      </div>
    </Page>
  );
}
