import { Button, Card, createDataTableColumnHelper, DataTable, QueryState, Select, Text } from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { leagueFixturesQueryOptions } from '../../data/cricket/league-fixtures-query';
import { useLiveTopics } from '../../data/live/LiveProvider';
import { useMatchCentreQuery } from '../../data/live/match-centre-query';
import type { MatchCentre } from '../../data/live/types';
import { queryState } from '../../data/query-state';
import { useMyLeagues } from '../../shared/leagues/LeaguePicker';
import { formatCountdown, useCountdown } from '../../shared/live/countdown';
import { LiveStateChip, ProvisionalMarker, stateOf } from '../../shared/live/LiveState';
import { viewableForSelections } from '../../shared/picks/leagues';
import { Page } from '../../shared/Page/Page';
import * as styles from './matchCentre.css';

type Batter = MatchCentre['Batters'][number];
type Bowler = MatchCentre['Bowlers'][number];

const batCol = createDataTableColumnHelper<Batter>();
const batterColumns = [
  batCol.accessor('Name', {
    header: 'Batter',
    meta: { rowHeader: true },
    cell: ({ row }) => (
      <span>
        {row.original.Name}
        {row.original.Out ? (
          <Text as="span" tone="muted" size="sm">
            {' '}
            {row.original.DismissalKind ?? 'out'}
          </Text>
        ) : (
          <Text as="span" tone="muted" size="sm">
            {' '}
            not out
          </Text>
        )}
      </span>
    ),
  }),
  batCol.accessor('Runs', { header: 'R', meta: { align: 'end' } }),
  batCol.accessor('Balls', { header: 'B', meta: { align: 'end' } }),
  batCol.accessor('Fours', { header: '4s', meta: { align: 'end' } }),
  batCol.accessor('Sixes', { header: '6s', meta: { align: 'end' } }),
];

const bowlCol = createDataTableColumnHelper<Bowler>();
const bowlerColumns = [
  bowlCol.accessor('Name', { header: 'Bowler', meta: { rowHeader: true } }),
  bowlCol.accessor('Overs', { header: 'O', meta: { align: 'end' } }),
  bowlCol.accessor('Maidens', { header: 'M', meta: { align: 'end' } }),
  bowlCol.accessor('Runs', { header: 'R', meta: { align: 'end' } }),
  bowlCol.accessor('Wickets', { header: 'W', meta: { align: 'end' } }),
];

function ballTone(label: string): keyof typeof styles.ball {
  if (label === 'W') return 'wicket';
  if (label === '4' || label === '6') return 'boundary';
  if (/[a-z]/.test(label)) return 'extra';
  return 'plain';
}

function describeBall(label: string): string {
  if (label === 'W') return 'wicket';
  if (label === '0') return 'dot ball';
  const m = /^(\d*)(wd|nb|lb|b)$/.exec(label);
  if (m) {
    const kind = { wd: 'wide', nb: 'no ball', lb: 'leg byes', b: 'byes' }[m[2] as 'wd' | 'nb' | 'lb' | 'b'];
    return m[1] ? `${m[1]} ${kind}` : kind;
  }
  return `${label} run${label === '1' ? '' : 's'}`;
}

/** The leagues of the user that include this fixture (from their fixture lists, cached for My Selections too). */
function useLeaguesWithFixture(fixtureId: number) {
  const leagues = useMyLeagues(viewableForSelections);
  const list = leagues.data ?? [];
  const fixtures = useQueries({
    queries: list.map((l) => ({ ...leagueFixturesQueryOptions(l.LeagueID), enabled: fixtureId > 0 })),
  });
  const withFixture = list.filter((_, i) => fixtures[i]?.data?.some((f) => f.FixtureID === fixtureId));
  return { leagues, withFixture, loading: fixtures.some((q) => q.isPending) };
}

/**
 * The Match Centre of one fixture (/home/match-centre/:fixtureId, ?league=): the live score, the
 * batters and bowlers of the innings, the last overs ball by ball, what each member of a chosen league
 * picked with their live points, and the feature leaders so far. Follows the fixture (and the league)
 * on the tab's live stream; every figure is provisional until the match ends.
 */
export function MatchCentrePage() {
  const fixtureId = Number(useParams().fixtureId ?? 0) || 0;
  const [search, setSearch] = useSearchParams();
  const { withFixture, leagues, loading } = useLeaguesWithFixture(fixtureId);
  const asked = Number(search.get('league') ?? 0) || 0;
  const leagueId = withFixture.some((l) => l.LeagueID === asked) ? asked : (withFixture[0]?.LeagueID ?? null);
  // One load, once it is known which of the user's leagues include the fixture.
  const centre = useMatchCentreQuery(fixtureId, leagueId, { enabled: !leagues.isPending && !loading });
  const mode = useLiveTopics({ fixtures: [fixtureId], leagues: leagueId ? [leagueId] : [] });
  const data = centre.data;
  const fixture = data?.Fixture;
  const left = useCountdown(fixture?.State === 'scheduled' ? fixture.StartTime : undefined);

  const leagueOptions = useMemo(
    () => withFixture.map((l) => ({ value: String(l.LeagueID), label: l.LeagueName })),
    [withFixture],
  );

  return (
    <Page
      title="Match Centre"
      intro={fixture ? `${fixture.FixtureName}: ${fixture.LocalTeamName} v ${fixture.VisitorTeamName}` : undefined}
      width="wide"
    >
      <QueryState
        {...queryState(centre)}
        loadingText="Loading the Match Centre…"
        errorMessage="The Match Centre could not be loaded."
      >
        {() =>
          data && fixture ? (
            <div className={styles.stack}>
              <Card title="Score">
                <div className={styles.stack}>
                  <div className={styles.scoreHead}>
                    <LiveStateChip state={stateOf(fixture)} />
                    {fixture.Provisional ? <ProvisionalMarker /> : null}
                    {mode === 'polling' ? (
                      <Text as="span" size="sm" tone="muted">
                        Updating every few seconds
                      </Text>
                    ) : null}
                  </div>
                  {fixture.State === 'scheduled' ? (
                    <Text>
                      {left !== undefined && left > 0
                        ? `Starts in ${formatCountdown(left)}. Picks lock at the first ball.`
                        : 'Starting now.'}
                    </Text>
                  ) : null}
                  {fixture.Innings.length > 0 ? (
                    <ul className={styles.innings} aria-label="Innings">
                      {fixture.Innings.map((i) => (
                        <li key={i.Innings} className={styles.inningsRow}>
                          <span>
                            {i.Team}
                            {i.SuperOver ? ' (super over)' : ''}
                          </span>
                          <span className={styles.score} data-testid={`innings-${i.Innings}`}>
                            {i.Runs}/{i.Wickets}{' '}
                            <Text as="span" tone="muted" size="sm">
                              ({i.Overs} ov)
                            </Text>
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : fixture.State !== 'scheduled' ? (
                    <Text tone="muted">No balls bowled yet.</Text>
                  ) : null}
                </div>
              </Card>

              {fixture.State !== 'scheduled' ? (
                <div className={styles.columns}>
                  <Card title="Batting">
                    <DataTable
                      caption="Batters of the innings"
                      captionHidden
                      // A scorecard: a name and four short numbers fit a phone as a table (R, B, 4s, 6s as labels would not read).
                      stackBelow="never"
                      columns={batterColumns}
                      data={data.Batters}
                      getRowId={(r) => r.Name}
                      emptyMessage="No batters yet."
                    />
                  </Card>
                  <Card title="Bowling">
                    <DataTable
                      caption="Bowlers of the innings"
                      captionHidden
                      // A scorecard: a name and four short numbers fit a phone as a table (R, B, 4s, 6s as labels would not read).
                      stackBelow="never"
                      columns={bowlerColumns}
                      data={data.Bowlers}
                      getRowId={(r) => r.Name}
                      emptyMessage="No bowlers yet."
                    />
                  </Card>
                </div>
              ) : null}

              {data.LastOvers.length > 0 ? (
                <Card title="Last overs">
                  <ol className={styles.overs} aria-label="Last overs, newest first">
                    {data.LastOvers.map((o) => (
                      <li key={`${o.Innings}:${o.Over}`} className={styles.overRow}>
                        <span className={styles.overLabel}>
                          Over {o.Over + 1}
                          {data.Fixture.Innings.length > 1 ? ` · inn. ${o.Innings}` : ''}
                        </span>
                        {o.Balls.map((b, i) => (
                          <span key={i} className={styles.ball[ballTone(b)]} title={describeBall(b)}>
                            <span aria-hidden="true">{b}</span>
                            <span className={styles.srOnly}>{describeBall(b)}</span>
                          </span>
                        ))}
                      </li>
                    ))}
                  </ol>
                </Card>
              ) : null}

              <div className={styles.columns}>
                <Card title="Your league">
                  <div className={styles.stack}>
                    {leagueOptions.length > 1 ? (
                      <Select
                        label="League"
                        options={leagueOptions}
                        value={leagueId ? String(leagueId) : ''}
                        onValueChange={(v) => setSearch({ league: v }, { replace: true })}
                      />
                    ) : null}
                    {data.League ? (
                      <>
                        <Text size="sm" tone="muted">
                          {data.League.LeagueName} · live points in this match
                          {fixture.Provisional ? ' (provisional)' : ''}
                        </Text>
                        <ol className={styles.list} aria-label={`Members of ${data.League.LeagueName}`}>
                          {[...data.League.Members]
                            .sort(
                              (a, b) =>
                                b.LivePoints - a.LivePoints || a.UserDisplayName.localeCompare(b.UserDisplayName),
                            )
                            .map((mem) => (
                              <li key={mem.UserID} className={`${styles.listRow} ${mem.IsMe ? styles.me : ''}`}>
                                <span>
                                  <strong>{mem.UserDisplayName}</strong>
                                  {mem.IsMe ? ` (${messages.members.youAreHere})` : ''}
                                  <br />
                                  <span className={styles.picks}>
                                    {mem.Picks.length
                                      ? mem.Picks.map((p) => `${p.Label} (${p.Points})`).join(', ')
                                      : 'Picks hidden or none made'}
                                  </span>
                                </span>
                                <span className={styles.points} data-testid={`member-points-${mem.UserID}`}>
                                  {mem.LivePoints} pts
                                </span>
                              </li>
                            ))}
                        </ol>
                        <Button asChild size="sm" variant="secondary">
                          <Link to="/home/view-leaderboard">Leaderboard</Link>
                        </Button>
                      </>
                    ) : (
                      <Text tone="muted">
                        {leagues.data && withFixture.length === 0
                          ? 'None of your leagues includes this fixture. Join a Daily Challenge to play along.'
                          : 'Loading your leagues…'}
                      </Text>
                    )}
                  </div>
                </Card>
                <Card title="Leaders so far">
                  {data.Leaders.length ? (
                    <ul className={styles.list} aria-label="Feature leaders">
                      {data.Leaders.map((l) => (
                        <li key={l.FeatureID} className={styles.listRow}>
                          <span>
                            <strong>{l.FeatureName}</strong>
                            <br />
                            <span className={styles.picks}>{l.Names.join(', ') || '—'}</span>
                          </span>
                          <span className={styles.points}>{l.Value}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Text tone="muted">Leaders appear with the first runs and wickets.</Text>
                  )}
                  {data.PlayerPoints.length ? (
                    <>
                      <Text size="sm" tone="muted">
                        Top fantasy points so far
                      </Text>
                      <ol className={styles.list} aria-label="Top fantasy points">
                        {[...data.PlayerPoints]
                          .sort((a, b) => b.Points - a.Points)
                          .slice(0, 5)
                          .map((p) => (
                            <li key={p.CricsheetID} className={styles.listRow}>
                              <span>
                                {p.Name} <span className={styles.picks}>{p.Team}</span>
                              </span>
                              <span className={styles.points}>{p.Points}</span>
                            </li>
                          ))}
                      </ol>
                    </>
                  ) : null}
                </Card>
              </div>
            </div>
          ) : null
        }
      </QueryState>
    </Page>
  );
}
