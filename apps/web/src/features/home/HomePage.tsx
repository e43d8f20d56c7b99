import { Card, createDataTableColumnHelper, DataTable, type DataTableColumn, QueryState } from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import type { UseQueryResult } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { storedUserAtom } from '../../shared/atoms';
import { usePlayerStatsQuery } from '../../data/cricket/player-stats-query';
import type { StatsWidget } from '../../data/cricket/types';
import { useHomeSummaryQuery } from '../../data/home/home-summary-query';
import { usePublicLeaguesQuery } from '../../data/leagues/public-leagues-query';
import { useLiveFixturesQuery } from '../../data/live/live-fixtures-query';
import { queryState } from '../../data/query-state';
import * as leagueStyles from '../../shared/leagues/leagues.css';
import { Page } from '../../shared/Page/Page';
import { DailyChallenges, initialGamerName } from './DailyChallenges';
import * as styles from './home.css';
import { readHomeLayout, rememberHomeLayout } from './layoutMemory';
import { LiveNowCard } from './LiveNowCard';
import { ShowcaseCard } from './ShowcaseCard';
import { YourLeagues } from './YourLeagues';

type StatRow = StatsWidget['StatEntry'][number];

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

function Statistics({ stats }: { stats: UseQueryResult<StatsWidget[]> }) {
  return stats.isSuccess && stats.data.length > 0 ? (
    stats.data.map((widget: StatsWidget) => (
      <Card key={widget.Header} title={widget.Header}>
        <DataTable
          caption={widget.Header}
          captionHidden
          className={leagueStyles.table}
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
  );
}

/**
 * /home (spec section 2, "Home"): the player first — their leagues with rank and points, the next
 * lock and what is live in them — then what is live now, today's Daily Challenges (with a one-tap
 * join) and the statistics tables. A newcomer gets a first step, and the Daily Challenges next to it.
 *
 * Every load starts at once; the sections are placed top to bottom, each once the ones above it have
 * their final size (the player's leagues hold their place with a skeleton meanwhile). So nothing on
 * screen moves as answers arrive: what is added appears below.
 */
export function HomePage() {
  const user = useAtomValue(storedUserAtom);
  const userId = user?.userId ?? 0;
  const [layout] = useState(readHomeLayout);
  const summary = useHomeSummaryQuery(userId);
  const live = useLiveFixturesQuery();
  const publicLeagues = usePublicLeaguesQuery(userId);
  const stats = usePlayerStatsQuery();

  useEffect(() => {
    if (summary.data) rememberHomeLayout(summary.data);
  }, [summary.data]);

  // The order is set by the first answer: a join on this page does not swap the sections around.
  const [newcomer, setNewcomer] = useState<boolean | null>(null);
  if (newcomer === null && summary.isSuccess) setNewcomer(summary.data.Leagues.length === 0);
  const gamerName = initialGamerName(summary.data?.GamerName ?? '', user?.firstName ?? '');
  const settled = (q: { status: string }) => q.status !== 'pending';
  // The sections in order; each is placed once every section above it has settled.
  const sections = [
    { key: 'leagues', query: summary, node: <YourLeagues key="leagues" summary={summary} layout={layout} /> },
    ...(newcomer
      ? [
          {
            key: 'challenges',
            query: publicLeagues,
            node: (
              <DailyChallenges key="challenges" publicLeagues={publicLeagues} userId={userId} gamerName={gamerName} />
            ),
          },
          { key: 'live', query: live, node: <LiveNowCard key="live" /> },
        ]
      : [
          { key: 'live', query: live, node: <LiveNowCard key="live" /> },
          {
            key: 'challenges',
            query: publicLeagues,
            node: (
              <DailyChallenges key="challenges" publicLeagues={publicLeagues} userId={userId} gamerName={gamerName} />
            ),
          },
        ]),
    ...(summary.data?.Showcase
      ? [
          {
            key: 'showcase',
            query: summary,
            node: (
              <ShowcaseCard key="showcase" showcase={summary.data.Showcase} userId={userId} gamerName={gamerName} />
            ),
          },
        ]
      : []),
    { key: 'stats', query: stats, node: <Statistics key="stats" stats={stats} /> },
  ];
  const placed = sections.findIndex((_section, i) => i > 0 && !settled(sections[i - 1]!.query));

  return (
    <Page title="Home" intro={user ? `Good to see you, ${user.firstName}.` : undefined} width="wide">
      <div className={styles.sections}>
        {(placed === -1 ? sections : sections.slice(0, placed)).map((section) => section.node)}
      </div>
    </Page>
  );
}
