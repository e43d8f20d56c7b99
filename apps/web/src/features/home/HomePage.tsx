import type { Schema } from '@fantasy-cricket/api-client';
import { Button, Card, createDataTableColumnHelper, DataTable, type DataTableColumn, Text } from '@fantasy-cricket/ui';
import { DAILY_CHALLENGE_MATCH, messages } from '@fantasy-cricket/rules';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { storedUserAtom } from '../../app/atoms';
import { notify } from '../../app/notify';
import { listPlayerStats, listPublicLeagues, type PublicLeague } from '../leagues/api';
import * as styles from '../leagues/leagues.css';
import { Page } from '../shell/Page';
import { homeScreen } from '../shell/navigation';

type StatsWidget = Schema<'StatsWidget'>;
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
  return keys.map((key) =>
    helper.accessor((row) => row[key], {
      id: key,
      header: key,
      cell: (info) => info.getValue() ?? '',
      meta: { align: rows.every((r) => typeof r[key] === 'number' || r[key] === undefined) ? 'end' : 'start' },
    }),
  );
}

type Load<T> = { kind: 'loading' } | { kind: 'loaded'; data: T };

/** /home (spec section 2, "Home"): a welcome, today's Daily Challenges and the statistics tables. */
export function HomePage() {
  const user = useAtomValue(storedUserAtom);
  const userId = user?.userId;
  const [challenges, setChallenges] = useState<Load<PublicLeague[]>>({ kind: 'loading' });
  const [stats, setStats] = useState<Load<StatsWidget[]>>({ kind: 'loading' });

  useEffect(() => {
    if (userId === undefined) return;
    let current = true;
    listPublicLeagues(userId).then(
      (leagues) =>
        current &&
        setChallenges({ kind: 'loaded', data: leagues.filter((l) => l.LeagueName.includes(DAILY_CHALLENGE_MATCH)) }),
      () => {
        if (!current) return;
        setChallenges({ kind: 'loaded', data: [] });
        notify('error', messages.home.dailyChallengesFailed);
      },
    );
    listPlayerStats().then(
      (widgets) => current && setStats({ kind: 'loaded', data: widgets }),
      () => current && setStats({ kind: 'loaded', data: [] }),
    );
    return () => {
      current = false;
    };
  }, [userId]);

  return (
    <Page
      title="Home"
      intro={
        user ? `Good to see you, ${user.firstName}. Pick a challenge, start a league or check the numbers.` : undefined
      }
      width="wide"
    >
      <div className={styles.stack}>
        <Card
          title="Daily Challenges"
          actions={
            <Button asChild size="sm" variant="ghost">
              <Link to="/home/start-league">{homeScreen('start-league').label}</Link>
            </Button>
          }
        >
          {challenges.kind === 'loading' ? (
            <Text tone="muted">Loading daily challenges…</Text>
          ) : (
            <DataTable
              caption="Daily Challenges"
              captionHidden
              className={styles.table}
              columns={challengeColumns}
              data={challenges.data}
              getRowId={(row) => String(row.LeagueID)}
              emptyMessage="No Daily Challenges are open right now. Check back tomorrow."
            />
          )}
        </Card>
        {stats.kind === 'loading' ? (
          <Card title="Statistics">
            <Text tone="muted">Loading statistics…</Text>
          </Card>
        ) : stats.data.length === 0 ? (
          <Card title="Statistics">
            <Text tone="muted">No statistics yet: they appear once the season's matches are played.</Text>
          </Card>
        ) : (
          stats.data.map((widget) => (
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
        )}
      </div>
    </Page>
  );
}
