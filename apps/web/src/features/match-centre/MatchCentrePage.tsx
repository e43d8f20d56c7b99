import { Button, Card, createDataTableColumnHelper, DataTable, QueryState, Select, Text } from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useQueries } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { leagueFixturesQueryOptions } from '../../data/cricket/league-fixtures-query';
import { useLiveTopics } from '../../data/live/LiveProvider';
import { useMatchCentreQuery } from '../../data/live/match-centre-query';
import type { MatchCentre } from '../../data/live/types';
import { queryState } from '../../data/query-state';
import { useMyLeagues } from '../../shared/leagues/LeaguePicker';
import { formatCountdown, useCountdown } from '../../shared/live/countdown';
import { LiveStateChip, ProvisionalMarker, stateOf } from '../../shared/live/LiveState';
import { Lineup } from '../../shared/picks/Lineup/Lineup';
import { viewableForSelections } from '../../shared/picks/leagues';
import { Page } from '../../shared/Page/Page';
import * as styles from './matchCentre.css';

type Batter = MatchCentre['Batters'][number];
type Bowler = MatchCentre['Bowlers'][number];
type Scorecard = MatchCentre['Scorecards'][number];
type Member = NonNullable<MatchCentre['League']>['Members'][number];

const batCol = createDataTableColumnHelper<Batter>();
const batterColumns = [
  batCol.accessor('Name', {
    header: 'Batter',
    meta: { rowHeader: true },
    cell: ({ row }) => (
      <span className={styles.batterName}>
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

/** The batting and the bowling of one innings. */
function InningsTables({ card }: { card: Scorecard }) {
  const name = `${card.Team}${card.SuperOver ? ' (super over)' : ''}`;
  return (
    <div className={styles.columns}>
      <section className={styles.stackTight} aria-label={`Batting: ${name}`}>
        <h3 className={styles.subheading}>Batting</h3>
        <DataTable
          caption={`Batting: ${name}`}
          captionHidden
          // A scorecard: a name and four short numbers fit a phone as a table (R, B, 4s, 6s as labels would not read).
          stackBelow="never"
          columns={batterColumns}
          data={card.Batters}
          getRowId={(r) => r.Name}
          emptyMessage="No batters yet."
        />
      </section>
      <section className={styles.stackTight} aria-label={`Bowling to ${name}`}>
        <h3 className={styles.subheading}>Bowling</h3>
        <DataTable
          caption={`Bowling to ${name}`}
          captionHidden
          stackBelow="never"
          columns={bowlerColumns}
          data={card.Bowlers}
          getRowId={(r) => r.Name}
          emptyMessage="No bowlers yet."
        />
      </section>
    </div>
  );
}

/**
 * Every innings' batting and bowling, one tab each (the current innings chosen until the person picks
 * another): the first innings stays after the second starts and after the match ends.
 */
function ScorecardCard({ data }: { data: MatchCentre }) {
  const cards = data.Scorecards;
  const [chosen, setChosen] = useState<number | null>(null);
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = cards.find((c) => c.Innings === chosen) ?? cards.at(-1);
  const scoreOf = (innings: number) => data.Fixture.Innings.find((i) => i.Innings === innings);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = current ? cards.indexOf(current) : 0;
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % cards.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + cards.length) % cards.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? cards.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    setChosen(cards[to]!.Innings);
    tabs.current[to]?.focus();
  };
  return (
    <Card title="Scorecard">
      {!current ? (
        <Text tone="muted">No balls bowled yet.</Text>
      ) : (
        <div className={styles.stack}>
          {cards.length > 1 ? (
            <div role="tablist" aria-label="Innings of the scorecard" className={styles.tabs} onKeyDown={onKeyDown}>
              {cards.map((c, i) => {
                const score = scoreOf(c.Innings);
                const selected = c === current;
                return (
                  <button
                    key={c.Innings}
                    ref={(el) => {
                      tabs.current[i] = el;
                    }}
                    type="button"
                    role="tab"
                    id={`${baseId}-tab-${c.Innings}`}
                    aria-selected={selected}
                    aria-controls={`${baseId}-panel`}
                    tabIndex={selected ? 0 : -1}
                    className={styles.tab}
                    onClick={() => setChosen(c.Innings)}
                  >
                    <span>
                      {c.Team}
                      {c.SuperOver ? ' (super over)' : ''}
                    </span>
                    {score ? (
                      <span className={styles.tabScore}>
                        {score.Runs}/{score.Wickets} ({score.Overs} ov)
                      </span>
                    ) : null}
                  </button>
                );
              })}
            </div>
          ) : null}
          <div
            id={`${baseId}-panel`}
            {...(cards.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `${baseId}-tab-${current.Innings}` } : {})}
          >
            <InningsTables card={current} />
          </div>
        </div>
      )}
    </Card>
  );
}

/** A member's live points in the match, and their picks as rows (open for the signed-in member). */
function MemberPicks({ member }: { member: Member }) {
  const scoring = member.Picks.filter((p) => p.Points > 0).length;
  return (
    <li className={`${styles.memberItem} ${member.IsMe ? styles.me : ''}`}>
      <details open={member.IsMe} className={styles.memberDetails}>
        <summary className={styles.memberSummary}>
          <span className={styles.memberName}>
            <strong>{member.UserDisplayName}</strong>
            {member.IsMe ? <span className={styles.you}>{messages.members.youAreHere}</span> : null}
            {member.Picks.length ? (
              <Text as="span" size="sm" tone="muted">
                {scoring} of {member.Picks.length} {member.Picks.length === 1 ? 'pick' : 'picks'} scoring
              </Text>
            ) : null}
          </span>
          <span className={styles.points} data-testid={`member-points-${member.UserID}`}>
            {member.LivePoints} pts
          </span>
        </summary>
        {member.Picks.length ? (
          <ul className={styles.pickRows} aria-label={`Picks of ${member.UserDisplayName}`}>
            {member.Picks.map((p, i) => (
              <li key={`${p.Feature}-${i}`} className={styles.pickRow} data-scoring={p.Points > 0 ? '' : undefined}>
                <span className={styles.pickFeature}>{p.Feature}</span>
                <span className={styles.pickSelection}>{p.Selection || '—'}</span>
                <span className={styles.points}>
                  {p.Points}
                  <span className={styles.srOnly}> points</span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.picks}>Picks hidden or none made</p>
        )}
      </details>
    </li>
  );
}

/** The Match Centre's cards while it loads, of about their size, so nothing jumps when it arrives. */
function MatchCentreSkeleton() {
  return (
    <div className={styles.stack} role="status" aria-label="Loading the Match Centre…">
      <Card title="Score">
        <div className={styles.skeletonScore} aria-hidden="true">
          <span className={styles.skeletonLine} />
          <span className={styles.skeletonLine} />
          <span className={styles.skeletonLine} />
        </div>
      </Card>
      <Card title="Scorecard">
        <div className={styles.skeletonBlock} aria-hidden="true" />
      </Card>
    </div>
  );
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
      // The same words before and after the load, so nothing under them moves when the match arrives.
      intro="The live score, every innings' scorecard and your league's picks, ball by ball."
      width="wide"
    >
      {centre.isPending ? (
        <MatchCentreSkeleton />
      ) : (
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
                    <Text weight="semibold">
                      {fixture.FixtureName}: {fixture.LocalTeamName} v {fixture.VisitorTeamName}
                    </Text>
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
                    <Lineup lineup={data.Lineup} />
                  </div>
                </Card>

                {fixture.State !== 'scheduled' ? <ScorecardCard data={data} /> : null}

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
                            {data.League.LeagueName} ·{' '}
                            {fixture.Provisional ? 'live points in this match (provisional)' : 'points in this match'}
                          </Text>
                          <ol className={styles.list} aria-label={`Members of ${data.League.LeagueName}`}>
                            {[...data.League.Members]
                              .sort(
                                (a, b) =>
                                  b.LivePoints - a.LivePoints || a.UserDisplayName.localeCompare(b.UserDisplayName),
                              )
                              .map((mem) => (
                                <MemberPicks key={mem.UserID} member={mem} />
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
                  <Card title={fixture.State === 'completed' ? 'Winners' : 'Leaders so far'}>
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
                          {fixture.State === 'completed' ? 'Top fantasy points' : 'Top fantasy points so far'}
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
      )}
    </Page>
  );
}
