import {
  Button,
  Card,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  QueryState,
} from '@fantasy-cricket/ui';
import { DAILY_CHALLENGE_MATCH, messages } from '@fantasy-cricket/rules';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { storedUserAtom } from '../../shared/atoms';
import { usePlayerStatsQuery } from '../../data/cricket/player-stats-query';
import type { StatsWidget } from '../../data/cricket/types';
import { usePublicLeaguesQuery } from '../../data/leagues/public-leagues-query';
import type { PublicLeague } from '../../data/leagues/types';
import { queryState } from '../../data/query-state';
import * as styles from '../../shared/leagues/leagues.css';
import { LiveNowCard } from './LiveNowCard';
import { Page } from '../../shared/Page/Page';
import { homeScreen } from '../../shared/navigation';

type StatRow = StatsWidget['StatEntry'][number];

const col = createDataTableColumnHelper<PublicLeague>();
const challengeColumns = [
  col.accessor('LeagueName', {
    header: 'League Name',
    meta: { rowHeader: true },
    cell: (info) => (
      <div className={styles.actionsStart}>
        <span>{info.getValue()}</span>
        <Button asChild size="sm" variant="secondary">
          <Link to="/home/join-league?isPublicLeague=true" aria-label={`Join ${info.getValue()}`}>
            Join
          </Link>
        </Button>
      </div>
    ),
  }),
];

/** The columns of a statistics widget: the keys of its entries, in first-seen order. */
export function statColumns(rows: readonly StatRow[]): DataTableColumn<StatRow>[] {
  const keys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  const helper = createDataTableColumnHelper<StatRow>();
  // The first column (the player) names the row: a row header, and the title when rows stack on phones.
  return keys.map((key, index) =>
    helper.accessor((row) => row[key], {
      id: key,
      header: key,
      cell: (info) => info.getValue() ?? '',
      meta: {
        align: rows.every((r) => typeof r[key] === 'number' || r[key] === undefined) ? 'end' : 'start',
        rowHeader: index === 0,
      },
    }),
  );
}

/** /home (spec section 2, "Home"): a welcome, what is live now, today's Daily Challenges and the statistics tables. */
export function HomePage() {
  const user = useAtomValue(storedUserAtom);
  const publicLeagues = usePublicLeaguesQuery(user?.userId ?? 0);
  const stats = usePlayerStatsQuery();
  const challenges = useMemo(
    () => (publicLeagues.data ?? []).filter((l) => l.LeagueName.includes(DAILY_CHALLENGE_MATCH)),
    [publicLeagues.data],
  );

  return (
    <Page
      title="Home"
      intro={
        user ? `Good to see you, ${user.firstName}. Pick a challenge, start a league or check the numbers.` : undefined
      }
      width="wide"
    >
      <div className={styles.stack}>
        <LiveNowCard />
        <Card
          title="Daily Challenges"
          actions={
            <Button asChild size="sm" variant="ghost">
              <Link to="/home/start-league">{homeScreen('start-league').label}</Link>
            </Button>
          }
        >
          <QueryState
            {...queryState(publicLeagues)}
            loadingText="Loading daily challenges…"
            errorMessage={messages.home.dailyChallengesFailed}
          >
            <DataTable
              caption="Daily Challenges"
              captionHidden
              className={styles.table}
              columns={challengeColumns}
              data={challenges}
              getRowId={(row) => String(row.LeagueID)}
              emptyMessage="No Daily Challenges are open right now. Check back tomorrow."
            />
          </QueryState>
        </Card>
        {stats.isSuccess && stats.data.length > 0 ? (
          stats.data.map((widget: StatsWidget) => (
            <Card key={widget.Header} title={widget.Header}>
              <DataTable
                caption={widget.Header}
                captionHidden
                className={styles.table}
                columns={statColumns(widget.StatEntry)}
                data={widget.StatEntry}
                emptyMessage="No entries yet."
              />
            </Card>
          ))
        ) : (
          <Card title="Statistics">
            <QueryState
              {...queryState(stats)}
              loadingText="Loading statistics…"
              errorMessage={messages.common.unexpected}
              isEmpty
              emptyMessage="No statistics yet: they appear once the season's matches are played."
            />
          </Card>
        )}
      </div>
    </Page>
  );
}
