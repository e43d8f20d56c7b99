import type { components } from '@fantasy-cricket/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import { importSchedule } from '../../src/cricket/import/schedule';
import { importSquads } from '../../src/cricket/import/squads';
import type { Scorecard } from '../../src/cricket/scorecard/model';
import { oversText } from '../../src/cricket/scorecard/validate';
import { scorecardMessages } from '../../src/operator/scorecard-input';
import { DB_TARGET } from '../db';
import { scorecardFromCricsheet } from '../cricket/scorecard-from-cricsheet';
import {
  type ImportsWorld,
  MATCHES,
  matchBytes,
  matchJson,
  startImportsWorld,
  upload,
  writeCounts,
} from './imports-setup';

/**
 * A scorecard typed in the console: checked field by field, written by the importer into its fixture
 * (the same figures as the match's Cricsheet file), audited and recorded, unchanged when saved again,
 * and replaced — never doubled — by the Cricsheet file of the same match imported later.
 */

type Input = components['schemas']['ScorecardInput'];
type Sheet = components['schemas']['ScorecardSheet'];

/** Match 3 of IPL 2024, KKR v SRH: a catch, run outs, a substitute fielder. */
const MATCH = MATCHES[2];

describe(`typed scorecards on ${DB_TARGET}`, () => {
  let w: ImportsWorld;
  let fixtureId: number;
  let spareId: number;
  let card: Scorecard;
  let input: Input;
  let sheet: Sheet;
  const parsed = parseCricsheetMatch(matchJson(MATCH), `${MATCH}.json`);
  const url = (id: number, preview = false) => `/api/operator/fixtures/${id}/scorecard${preview ? '/preview' : ''}`;

  /** The scorecard as the console sends it: teams and players by our ids. */
  function inputOf(c: Scorecard): Input {
    const team = (name: string) => sheet.Teams.find((t) => t.Name === name)!.TeamID;
    const ids = new Map<string, number>();
    for (const t of sheet.Teams) for (const p of t.Players) ids.set(p.Name, p.PlayerID);
    const pid = (p: { name: string }) => {
      const id = ids.get(p.name);
      if (id === undefined) throw new Error(`no squad player ${p.name}`);
      return id;
    };
    const o = c.outcome;
    return {
      OversPerInnings: c.oversPerInnings,
      Toss: c.toss ? { WinnerTeamID: team(c.toss.winner), Decision: c.toss.decision } : null,
      Playing: c.playing.map((p) => ({ TeamID: team(p.team), PlayerIDs: p.players.map(pid) })),
      Innings: c.innings.map((inn) => ({
        TeamID: team(inn.team),
        SuperOver: inn.superOver,
        Batting: inn.batting.map((b) => ({
          PlayerID: pid(b.player),
          Runs: b.runs,
          Balls: b.balls,
          Fours: b.fours,
          Sixes: b.sixes,
          HowOut: b.howOut,
          BowlerID: b.bowler ? pid(b.bowler) : null,
          FielderIDs: (b.fielders ?? []).map(pid),
        })),
        Bowling: inn.bowling.map((b) => ({
          PlayerID: pid(b.player),
          Overs: oversText(b.balls),
          Maidens: b.maidens,
          Runs: b.runs,
          Wickets: b.wickets,
          Wides: b.wides,
          NoBalls: b.noBalls,
        })),
        Extras: {
          Byes: inn.extras.byes,
          LegByes: inn.extras.legByes,
          Wides: inn.extras.wides,
          NoBalls: inn.extras.noBalls,
          Penalty: inn.extras.penalty,
        },
        Total: { Runs: inn.total.runs, Wickets: inn.total.wickets, Overs: oversText(inn.total.legalBalls) },
      })),
      Outcome:
        o.kind === 'win'
          ? { Kind: 'win', WinnerTeamID: team(o.winner), ByRuns: o.byRuns ?? null, ByWickets: o.byWickets ?? null }
          : { Kind: o.kind === 'tie' ? 'tie' : 'no_result' },
      PlayerOfMatchIDs: c.playerOfMatch.map(pid),
    };
  }

  /** Every player's stored line of the fixture, by Cricsheet id. */
  async function storedLines(id: number) {
    const rows = await w.t.db
      .selectFrom('player_fixture_stats as s')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .select(['p.cricsheet_id', 's.runs', 's.balls', 's.wickets', 's.catches', 's.run_outs_direct', 's.did_play'])
      .select(['s.balls_bowled', 's.runs_conceded', 's.maidens', 's.stumpings', 's.run_outs_indirect', 's.dismissed'])
      .where('s.fixture_id', '=', id)
      .orderBy('p.cricsheet_id')
      .execute();
    return rows;
  }
  const fileLines = () =>
    [...parsed.lines]
      .sort((a, b) => (a.cricsheetId < b.cricsheetId ? -1 : 1))
      .map((l) => ({
        cricsheet_id: l.cricsheetId,
        runs: l.runs,
        balls: l.balls,
        wickets: l.wickets,
        catches: l.catches,
        run_outs_direct: l.runOutsDirect,
        did_play: l.didPlay,
        balls_bowled: l.ballsBowled,
        runs_conceded: l.runsConceded,
        maidens: l.maidens,
        stumpings: l.stumpings,
        run_outs_indirect: l.runOutsIndirect,
        dismissed: l.dismissed,
      }));

  beforeAll(async () => {
    w = await startImportsWorld();
    card = scorecardFromCricsheet(matchJson(MATCH));
    // The season's schedule (the match and a spare fixture, both started) and squads, as a league without a vendor has them.
    const start = `${parsed.date}T14:00:00Z`;
    const rows = await importSchedule(w.t.db, [
      {
        season: parsed.seasonName,
        competition: parsed.competition,
        year: parsed.year,
        matchNumber: parsed.matchNumber,
        startTime: start,
        home: parsed.teams[0],
        away: parsed.teams[1],
      },
      { season: parsed.seasonName, matchNumber: 70, startTime: start, home: parsed.teams[0], away: parsed.teams[1] },
    ]);
    expect(rows.every((r) => r.status === 'created')).toBe(true);
    const subs = new Map<string, string>();
    for (const inn of card.innings) {
      const fielding = card.teams[0] === inn.team ? card.teams[1] : card.teams[0];
      for (const b of inn.batting) for (const f of b.fielders ?? []) subs.set(f.name, fielding);
    }
    const people = (matchJson(MATCH) as unknown as { info: { registry: { people: Record<string, string> } } }).info
      .registry.people;
    await importSquads(w.t.db, {
      season: parsed.seasonName,
      teams: card.playing.map((p) => {
        const names = new Set([
          ...p.players.map((x) => x.name),
          ...[...subs].filter(([, t]) => t === p.team).map(([n]) => n),
        ]);
        return {
          name: p.team,
          players: [...names].map((name) => ({ name, cricsheetId: people[name]!, position: 'Batsman' })),
        };
      }),
    });
    const fixtures = await w.t.db.selectFrom('fixtures').select(['id', 'match_number']).orderBy('id').execute();
    fixtureId = fixtures.find((f) => f.match_number === parsed.matchNumber)!.id;
    spareId = fixtures.find((f) => f.match_number === 70)!.id;
    sheet = (await w.op.client.get(url(fixtureId))).json();
    input = inputOf(card);
  });
  afterAll(async () => {
    await w?.t.close();
  });

  it('gives the form its sheet: the teams, their squads, whether it may be typed', async () => {
    expect(sheet).toMatchObject({
      FixtureID: fixtureId,
      Editable: true,
      NotEditableReason: null,
      Saved: null,
      Result: null,
    });
    expect(sheet.Teams.map((t) => t.Name)).toEqual(parsed.teams);
    expect(sheet.Teams[0]!.Players.length).toBeGreaterThanOrEqual(11);
    const user = await w.user.client.get(url(fixtureId));
    expect(user.statusCode).toBe(403);
  });

  it('answers each problem at its field, and a save with problems writes nothing', async () => {
    const bad = structuredClone(input);
    const first = bad.Innings[0]!;
    first.Batting[3]!.PlayerID = first.Batting[0]!.PlayerID; // the opener out twice
    first.Bowling[0]!.Overs = '5'; // beyond a bowler's four overs
    bad.Playing[0]!.PlayerIDs.push(sheet.Teams[1]!.Players[0]!.PlayerID); // the other side's player
    const res = await w.op.client.post(url(fixtureId, true), bad);
    expect(res.statusCode).toBe(200);
    const { Problems, Report } = res.json();
    expect(Report).toBeNull();
    const paths = Problems.map((p: { Path: string }) => p.Path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'Innings.0.Batting.3.PlayerID',
        'Innings.0.Bowling.0.Overs',
        `Playing.0.PlayerIDs.${bad.Playing[0]!.PlayerIDs.length - 1}`,
      ]),
    );
    expect(Problems.find((p: { Path: string }) => p.Path === 'Innings.0.Batting.3.PlayerID').Message).toMatch(
      /is out twice in this innings/,
    );

    const before = await writeCounts(w.t);
    const save = await w.op.client.put(url(fixtureId), bad);
    expect(save.statusCode).toBe(400);
    expect(save.json().error.message).toMatch(/^The scorecard is not right yet \(\d+ problems\), nothing was saved: /);
    expect(await writeCounts(w.t)).toEqual(before);
  });

  it('previews what saving changes, writing nothing', async () => {
    const before = await writeCounts(w.t);
    const res = await w.op.client.post(url(fixtureId, true), input);
    expect(res.statusCode).toBe(200);
    const { Problems, Report } = res.json();
    expect(Problems).toEqual([]);
    expect(Report).toMatchObject({ ImportRunID: null, Outcome: 'preview', Kind: 'scorecard' });
    expect(Report.Lines[0]).toMatchObject({ Status: 'updated', FixtureID: fixtureId, Before: { Result: null } });
    expect(Report.Lines[0].After.Result).toMatch(/won by/);
    expect(Report.Lines.filter((l: { Status: string }) => l.Status === 'new').length).toBe(parsed.lines.length);
    expect(await writeCounts(w.t)).toEqual(before);
  });

  it("saves: the importer writes the file's figures into the fixture, audited, recorded, re-scored", async () => {
    const res = await w.op.client.put(url(fixtureId), input);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ Kind: 'scorecard', Outcome: 'succeeded', RescoredFixtureIDs: [fixtureId] });
    expect(report.Lines[0]).toMatchObject({ Status: 'updated', FixtureID: fixtureId });
    expect(report.Lines.filter((l: { Status: string }) => l.Status === 'created').length).toBe(parsed.lines.length);

    expect(await storedLines(fixtureId)).toEqual(fileLines());
    const f = await w.t.db.selectFrom('fixtures').selectAll().where('id', '=', fixtureId).executeTakeFirstOrThrow();
    expect(f).toMatchObject({ status: 'completed', cricsheet_match_id: null });
    const innings = await w.t.db
      .selectFrom('fixture_innings')
      .selectAll()
      .where('fixture_id', '=', fixtureId)
      .execute();
    expect(innings.map((i) => [i.runs, i.wickets, i.legal_balls])).toEqual(
      parsed.innings.map((i) => [i.runs, i.wickets, i.legalBalls]),
    );
    const points = await w.t.db
      .selectFrom('player_fixture_feature_counts')
      .select('player_id')
      .where('fixture_id', '=', fixtureId)
      .execute();
    expect(points.length).toBeGreaterThan(0);
    const audit = await w.t.db.selectFrom('audit_log').selectAll().where('action', '=', 'fixture.scorecard').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(w.op.userId);
    const run = await w.t.db.selectFrom('import_runs').selectAll().where('kind', '=', 'scorecard').execute();
    expect(run.map((r) => r.id)).toEqual([report.ImportRunID]);
    expect(await w.t.db.selectFrom('cricsheet_imports').selectAll().execute()).toEqual([]);

    const reopened: Sheet = (await w.op.client.get(url(fixtureId))).json();
    expect(reopened).toMatchObject({ Editable: true, ResultSource: 'scorecard', Saved: input });
    const listed = (await w.op.client.get(`/api/operator/fixtures?seasonId=${f.season_id}`)).json();
    expect(listed.find((x: { FixtureID: number }) => x.FixtureID === fixtureId).ResultSource).toBe('scorecard');
  });

  it('the same scorecard again is unchanged: a run, no audit entry, no re-score', async () => {
    const res = await w.op.client.put(url(fixtureId), input);
    expect(res.json()).toMatchObject({ Outcome: 'succeeded', RescoredFixtureIDs: [], Counts: { unchanged: 1 } });
    expect(
      await w.t.db.selectFrom('audit_log').select('id').where('action', '=', 'fixture.scorecard').execute(),
    ).toHaveLength(1);
  });

  it('a correction changes only the players it touches', async () => {
    // The first catch of the match given to another fielder of the same side.
    const corrected = structuredClone(input);
    const inn = corrected.Innings[0]!;
    const caught = inn.Batting.find((b) => b.HowOut === 'caught')!;
    const fielding = corrected.Playing.find((p) => p.TeamID !== inn.TeamID)!;
    const other = fielding.PlayerIDs.find((id) => id !== caught.FielderIDs[0] && id !== caught.BowlerID)!;
    const was = caught.FielderIDs[0]!;
    caught.FielderIDs = [other];
    const res = await w.op.client.put(url(fixtureId), corrected);
    expect(res.statusCode).toBe(200);
    const changed = res.json().Lines.slice(1);
    expect(changed.map((l: { Status: string }) => l.Status)).toEqual(['updated', 'updated']);
    const names = new Map(sheet.Teams.flatMap((t) => t.Players.map((p) => [p.PlayerID, `${t.Code}: ${p.Name}`])));
    expect(changed.map((l: { Key: string }) => l.Key).sort()).toEqual([names.get(was), names.get(other)].sort());
  });

  it('a later Cricsheet import of the match replaces the typed figures on the same fixture, never a second one', async () => {
    const fixturesBefore = await w.t.db.selectFrom('fixtures').select('id').execute();
    const res = await w.op.client.post('/api/operator/results/cricsheet', {
      Files: [upload(`${MATCH}.json`, matchBytes(MATCH))],
    });
    expect(res.json().Lines.map((l: { Status: string; FixtureID: number }) => [l.Status, l.FixtureID])).toEqual([
      ['imported', fixtureId],
    ]);
    expect(await w.t.db.selectFrom('fixtures').select('id').execute()).toEqual(fixturesBefore);
    expect(await storedLines(fixtureId)).toEqual(fileLines());
    const statRows = await w.t.db.selectFrom('player_fixture_stats').select('player_id').execute();
    expect(statRows).toHaveLength(parsed.lines.length);

    const after: Sheet = (await w.op.client.get(url(fixtureId))).json();
    expect(after).toMatchObject({
      Editable: false,
      ResultSource: 'cricsheet',
      NotEditableReason: scorecardMessages.holdsMatch(MATCH),
    });
    const again = await w.op.client.put(url(fixtureId), input);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(scorecardMessages.holdsMatch(MATCH));
  });

  it('refuses a fixture that has not started', async () => {
    await w.t.db
      .updateTable('fixtures')
      .set({ start_time: new Date(Date.now() + 86_400_000) })
      .where('id', '=', spareId)
      .execute();
    const res = await w.op.client.post(url(spareId, true), input);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/has not started yet/);
    expect((await w.op.client.get(url(999_999))).statusCode).toBe(404);
  });
});
