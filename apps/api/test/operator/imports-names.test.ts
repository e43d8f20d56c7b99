import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSeason, ensureStage, ensureTeams } from '../../src/cricket/db-util';
import { CricsheetFormatError, validateCricsheetMatch } from '../../src/cricket/import/cricsheet-format';
import { importedName } from '../../src/cricket/import/names';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import { readResultsFile } from '../../src/cricket/import/results';
import { importSchedule, readScheduleFile } from '../../src/cricket/import/schedule';
import { readSquadsFile } from '../../src/cricket/import/squads';
import { dataFileMessages } from '../../src/operator/data-files';
import { buildMatch, dotOver, HOME_PLAYERS } from '../cricket/builder';
import { DB_TARGET } from '../db';
import { tempDir } from '../faults/support';
import { type ImportsWorld, startImportsWorld, upload, writeCounts } from './imports-setup';

/**
 * Names that come with cricket data go by the rule of user names (docs/decisions/0014-text-fields.md,
 * src/cricket/import/names.ts): line breaks, control and invisible formatting characters are refused —
 * row by row, naming the row, the field and the character — and spaces are normalised; markup and
 * formula text are kept as text. Through the console (schedule, squads, Cricsheet uploads, new
 * seasons), the CLI's files, a Cricsheet match however it arrives, and the writers themselves.
 */

const rule = (field: string, code: string, at: number) =>
  `${messages.text.singleLine(field).replace(/\.$/, '')} (${code} at character ${at}).`;

describe(`names of cricket data on ${DB_TARGET}`, () => {
  let w: ImportsWorld;
  const files = tempDir('fc-names-');
  beforeAll(async () => {
    w = await startImportsWorld();
  });
  afterAll(async () => {
    await w?.t.close();
    files.remove();
  });
  const schedule = (name: string, text: string, Apply: boolean) =>
    w.op.client.post('/api/operator/schedule', { File: upload(name, text), Apply });
  const squads = (name: string, text: string, Apply: boolean) =>
    w.op.client.post('/api/operator/squads', { File: upload(name, text), Apply });
  type Line = { Key: string; Status: string; Reason: string | null; After?: Record<string, unknown> };
  const linesOf = (body: { Lines: Line[] }) => body.Lines;

  it('schedule: refuses a line break, a bidi override or a forged header in a name, row by row, saying where', async () => {
    const rows = [
      'season,match_number,name,start_time,home,away,venue,city',
      'Names Cup 2031,1,,2031-04-01 14:00:00,Alpha XI,Beta XI,<img src=x onerror=alert(1)>,=HYPERLINK(1)',
      'Names Cup 2031,2,,2031-04-02 14:00:00,"Alpha XI\nSubject: hijack",Beta XI,,',
      'Names Cup 2031,3,,2031-04-03 14:00:00,Alpha XI,Gamma\u202eIX,,',
      'Names Cup 2031,4,,2031-04-04 14:00:00,Delta\u00a0  XI,Beta XI, Eden\u2003Gardens ,',
      'Names Cup 2031,901,"Match 901\r\nSubject: hijack",2031-04-05 14:00:00,Alpha XI,Beta XI,,',
      'Names\u200bCup 2031,6,,2031-04-06 14:00:00,Alpha XI,Beta XI,,',
    ];
    const csv = rows.join('\n');
    const before = await writeCounts(w.t);
    const preview = await schedule('names.csv', csv, false);
    expect(preview.statusCode, preview.body).toBe(200);
    const lines = linesOf(preview.json());
    expect(lines.map((l) => [l.Key, l.Status, l.Reason])).toEqual([
      ['Names Cup 2031 Match 1', 'new', null],
      ['names.csv row 3', 'failed', `names.csv row 3: ${rule('Home team', 'U+000A', 9)}`],
      ['names.csv row 4', 'failed', `names.csv row 4: ${rule('Away team', 'U+202E', 6)}`],
      ['Names Cup 2031 Match 4', 'new', null],
      ['names.csv row 6', 'failed', `names.csv row 6: ${rule('Fixture name', 'U+000D', 10)}`],
      ['names.csv row 7', 'failed', `names.csv row 7: ${rule('Season', 'U+200B', 6)}`],
    ]);
    // Markup and formula text are names like any other (shown as text, exported neutralised).
    expect(lines[0]!.After).toMatchObject({ Venue: '<img src=x onerror=alert(1)>', City: '=HYPERLINK(1)' });
    // Spaces are normalised as in user names: no-break and em spaces, runs of spaces, the ends.
    expect(lines[3]!.After).toMatchObject({ Home: 'Delta XI', Venue: 'Eden Gardens' });
    // No report field carries a refused character.
    expect(preview.body).not.toMatch(/\\r|\\n|\\u202e|\\u200b/i);
    expect(await writeCounts(w.t)).toEqual(before);

    const applied = await schedule('names.csv', csv, true);
    expect(applied.statusCode).toBe(400);
    expect(applied.json().error.message).toBe(
      dataFileMessages.refused(4, {
        key: 'names.csv row 3',
        status: 'failed',
        fixtureId: null,
        reason: `names.csv row 3: ${rule('Home team', 'U+000A', 9)}`,
      }),
    );
    const teams = await w.t.db.selectFrom('teams').select('name').execute();
    expect(teams.map((t) => t.name)).not.toContain('Gamma\u202eIX');
    expect(await w.t.db.selectFrom('seasons').select('id').where('name', 'like', 'Names%').execute()).toEqual([]);

    // The rows that can be taken, applied: names stored as normalised.
    const good = [rows[0], rows[1], rows[4]].join('\n');
    const ok = await schedule('names.csv', good, true);
    expect(ok.statusCode, ok.body).toBe(200);
    const stored = await w.t.db
      .selectFrom('fixtures as f')
      .innerJoin('teams as h', 'h.id', 'f.local_team_id')
      .innerJoin('seasons as s', 's.id', 'f.season_id')
      .select(['f.venue', 'f.city', 'h.name as home'])
      .where('s.name', '=', 'Names Cup 2031')
      .orderBy('f.match_number')
      .execute();
    expect(stored).toEqual([
      { venue: '<img src=x onerror=alert(1)>', city: '=HYPERLINK(1)', home: 'Alpha XI' },
      { venue: 'Eden Gardens', city: null, home: 'Delta XI' },
    ]);
  });

  it('squads: a bad player or team name fails its row (its team is not created); a bad season refuses the file', async () => {
    const file = {
      season: 'Names Cup 2031',
      teams: [
        {
          name: 'Alpha XI',
          players: [
            { name: 'Good  One', cricsheetId: 'nm-1', position: 'Batsman' },
            { name: 'Bad\u200bOne', cricsheetId: 'nm-2', position: 'Bowler' },
          ],
        },
        { name: 'Evil\r\nTeam', players: [{ name: 'Fine', cricsheetId: 'nm-3', position: 'Batsman' }] },
        {
          name: 'Epsilon XI',
          code: 'E\tX',
          players: [{ name: 'Also Fine', cricsheetId: 'nm-4', position: 'Batsman' }],
        },
      ],
    };
    const before = await writeCounts(w.t);
    const preview = await squads('names.json', JSON.stringify(file), false);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(linesOf(preview.json()).map((l) => [l.Key, l.Status, l.Reason])).toEqual([
      ['Alpha XI: Good One', 'new', null],
      ['names.json teams.0.players.1', 'failed', `names.json teams.0.players.1: ${rule('Player name', 'U+200B', 4)}`],
      ['names.json teams.1.players.0', 'failed', `names.json teams.1.players.0: ${rule('Team name', 'U+000D', 5)}`],
      ['names.json teams.2.players.0', 'failed', `names.json teams.2.players.0: ${rule('Team code', 'U+0009', 2)}`],
    ]);
    expect(await writeCounts(w.t)).toEqual(before);
    expect((await squads('names.json', JSON.stringify(file), true)).statusCode).toBe(400);
    expect(await w.t.db.selectFrom('teams').select('id').where('name', 'like', 'Evil%').execute()).toEqual([]);

    const badSeason = await squads('season.json', JSON.stringify({ ...file, season: 'Cup\u202e 2031' }), false);
    expect(badSeason.statusCode).toBe(400);
    expect(badSeason.json().error.message).toBe(`season.json: ${rule('Season', 'U+202E', 4)}`);
  });

  it('Cricsheet: a match with a refused name fails with its path; names are stored normalised', async () => {
    const players = {
      'Home XI': ['H1\u202e', ...HOME_PLAYERS.slice(1)],
      'Away XI': ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10', 'A11'],
    };
    const innings = [{ team: 'Home XI', overs: [dotOver('H1', 'A1', 'H2')] }];
    const bad = buildMatch({ players, innings, event: { name: 'Names League', match_number: 1 } });
    // The ball's batter is the registry's name: only the listed name is refused, at its place.
    expect(() => validateCricsheetMatch(bad, 'bad.json')).toThrow(
      new CricsheetFormatError('bad.json', 'info.players["Home XI"][0]', rule('Player name', 'U+202E', 3)),
    );
    const badTeam = buildMatch({ teams: ['Home XI', 'Away\nXI'], innings: [], event: { name: 'Names League' } });
    expect(() => validateCricsheetMatch(badTeam, 'team.json')).toThrow(
      new CricsheetFormatError('team.json', 'info.teams[1]', rule('Team name', 'U+000A', 5)),
    );
    const badVenue = buildMatch({ innings: [], event: { name: 'Names League' } });
    (badVenue.info as Record<string, unknown>).venue = 'Ground\u2028Subject: x';
    expect(() => validateCricsheetMatch(badVenue, 'venue.json')).toThrow(
      /info\.venue: Venue must not contain .*U\+2028/,
    );

    const spaced = buildMatch({
      teams: ['Home\u00a0XI', 'Away  XI'],
      players: { 'Home\u00a0XI': HOME_PLAYERS, 'Away  XI': players['Away XI'] },
      innings: [{ team: 'Home\u00a0XI', overs: [dotOver('H1', 'A1', 'H2')] }],
      outcome: { winner: 'Away  XI', by: { runs: 1 } },
      event: { name: ' Names\u2002League ', match_number: 2 },
    });
    const parsed = parseCricsheetMatch(spaced, 'spaced.json', { matchId: 'names-2' });
    expect(parsed.teams).toEqual(['Home XI', 'Away XI']);
    expect(parsed.competition).toBe('Names League');
    expect(parsed.result.winner).toBe('Away XI');
    expect(new Set(parsed.lines.map((l) => l.team))).toEqual(new Set(['Home XI', 'Away XI']));

    const up = await w.op.client.post('/api/operator/results/cricsheet', {
      Files: [upload('names-1.json', JSON.stringify(bad)), upload('names-2.json', JSON.stringify(spaced))],
    });
    expect(up.statusCode, up.body).toBeLessThan(500);
    const byKey = new Map(linesOf(up.json()).map((l) => [l.Key, l]));
    expect(byKey.get('names-1.json')?.Status).toBe('failed');
    expect(byKey.get('names-1.json')?.Reason).toContain(rule('Player name', 'U+202E', 3));
    expect(byKey.get('names-2.json')?.Status).toBe('imported');
    expect(await w.t.db.selectFrom('players').select('id').where('full_name', 'like', 'H1%\u202e%').execute()).toEqual(
      [],
    );
    const teams = await w.t.db.selectFrom('teams').select('name').where('name', 'like', '%XI').execute();
    expect(teams.map((t) => t.name)).toEqual(expect.arrayContaining(['Home XI', 'Away XI']));
    expect(teams.map((t) => t.name)).not.toContain('Away  XI');
  });

  it('console seasons: 400 with the rule, normalised when fine', async () => {
    const create = (Name: string, Competition = 'Names Cup') =>
      w.op.client.post('/api/operator/seasons', { Name, Competition, Year: 2032 });
    const broken = await create('Cup\r\n2032');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(rule('Season', 'U+000D', 4));
    const hidden = await create('Names Cup 2032', 'Names\u200bCup');
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().error.message).toBe(rule('Competition', 'U+200B', 6));
    const fine = await create(' Names\u00a0Cup  2032 ');
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json()).toMatchObject({ Name: 'Names Cup 2032', Competition: 'Names Cup' });
  });

  it('CLI files: the same rule, the same messages', async () => {
    const schedulePath = join(files.path, 'schedule.csv');
    writeFileSync(
      schedulePath,
      'season,match_number,start_time,home,away\nNames Cup 2033,1,2033-04-01 14:00:00,Alpha XI,"Beta\u2066XI"\n',
    );
    expect(() => readScheduleFile(schedulePath)).toThrow(`${schedulePath} row 2: ${rule('Away team', 'U+2066', 5)}`);
    const reports = await importSchedule(w.t.db, [
      {
        season: 'Names Cup 2033',
        matchNumber: 1,
        startTime: '2033-04-01T14:00:00Z',
        home: 'Alpha XI',
        away: 'Beta\rXI',
      },
      {
        season: 'Names Cup 2033',
        matchNumber: 2,
        startTime: '2033-04-02\r\nBcc: x',
        home: 'Alpha XI',
        away: 'Beta XI',
      },
    ]);
    expect(reports).toEqual([
      { row: 0, key: 'row 1', status: 'failed', reason: `row 1: ${rule('Away team', 'U+000D', 5)}` },
      // A value that is not a name is quoted with its hidden characters as escapes.
      {
        row: 1,
        key: 'row 2',
        status: 'failed',
        reason: `row 2: start time "2033-04-02\\u{d}\\u{a}Bcc: x" must be ISO 8601 with a zone or 'yyyy-MM-dd HH:mm:ss' (UTC)`,
      },
    ]);
    const squadsPath = join(files.path, 'squads.csv');
    writeFileSync(
      squadsPath,
      'season,team,team_code,player,cricsheet_id,position\nNames Cup 2033,Alpha XI,AX,"Smith\u0085Jones",s1,Batsman\n',
    );
    expect(() => readSquadsFile(squadsPath)).toThrow(`${squadsPath} row 2: ${rule('Player name', 'U+0085', 6)}`);
    const resultsPath = join(files.path, 'results.json');
    writeFileSync(
      resultsPath,
      JSON.stringify({ season: 'Names Cup 2033', results: [{ matchNumber: 1, method: 'D/L\nX' }] }),
    );
    expect(() => readResultsFile(resultsPath)).toThrow(`${resultsPath} results[0]: ${rule('Method', 'U+000A', 4)}`);
  });

  it('the writers refuse a name that did not go through the rule, whichever importer sends it', async () => {
    const db = w.t.db;
    await expect(ensureTeams(db, ['Zeta\nXI'])).rejects.toThrow(rule('Team name', 'U+000A', 5));
    await expect(ensureTeams(db, [{ name: 'Zeta  XI', code: 'ZX' }])).rejects.toThrow(
      'Team name was not normalised before it was written',
    );
    await expect(ensureSeason(db, { name: 'Zeta\u202e 2031', competition: 'Zeta', year: 2031 })).rejects.toThrow(
      rule('Season', 'U+202E', 5),
    );
    const season = await ensureSeason(db, {
      name: importedName('Season', 'Zeta 2031'),
      competition: 'Zeta',
      year: 2031,
    });
    await expect(ensureStage(db, season, 'League\u0000')).rejects.toThrow(rule('Stage', 'U+0000', 7));
    expect(await db.selectFrom('teams').select('id').where('name', 'like', 'Zeta%').execute()).toEqual([]);
  });
});
