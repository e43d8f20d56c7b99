import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readResultsFile } from '../../src/cricket/import/results';
import { csvRows } from '../../src/cricket/import/rows';
import { readScheduleFile } from '../../src/cricket/import/schedule';
import { squadsFromJson } from '../../src/cricket/import/squads';

/** The operator's files (schedule, results, squads) are read and checked before anything is written. */
const dir = mkdtempSync(join(tmpdir(), 'fcl-files-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('schedule, results and squads files', () => {
  it('reads a CSV schedule with quoted cells, snake_case headers and blank lines', () => {
    const rows = readScheduleFile(
      file(
        's.csv',
        'season,match_number,start_time,home,away,home_code\r\n\r\nIPL 2030,7,2030-04-01 10:00,"Side, One",Side Two,S1\r\n',
      ),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        season: 'IPL 2030',
        matchNumber: 7,
        startTime: '2030-04-01 10:00',
        home: 'Side, One',
        away: 'Side Two',
        homeCode: 'S1',
      }),
    ]);
    expect(csvRows('a,b\n1\n')).toEqual([{ a: '1', b: '' }]);
  });

  it('names the row and the problem of a bad schedule row', () => {
    const path = file('bad.csv', 'season,match_number,start_time,home,away\nIPL 2030,seven,2030-04-01 10:00,A,B\n');
    expect(() => readScheduleFile(path)).toThrow(`${path} row 2: matchNumber must be a whole number`);
    const same = file(
      'same.json',
      JSON.stringify({
        season: 'S 2030',
        fixtures: [{ startTime: '2030-01-01 10:00', home: 'A', away: 'A', matchNumber: 1 }],
      }),
    );
    expect(() => readScheduleFile(same)).toThrow(`${same} fixtures[0]: home and away are the same team`);
  });

  it('reads results with defaults and refuses an unknown status', () => {
    const ok = file(
      'r.json',
      JSON.stringify({
        season: 'IPL 2030',
        results: [
          { match_number: 3, status: 'no_result' },
          { name: 'Final', winner: 'A', player_of_match: 'X Y' },
        ],
      }),
    );
    expect(readResultsFile(ok)).toEqual([
      expect.objectContaining({ season: 'IPL 2030', matchNumber: 3, status: 'no_result', tie: false }),
      expect.objectContaining({
        name: 'Final',
        matchNumber: null,
        status: 'completed',
        winner: 'A',
        playerOfMatch: ['X Y'],
      }),
    ]);
    const bad = file('bad-r.json', JSON.stringify([{ season: 'IPL 2030', matchNumber: 1, status: 'won' }]));
    expect(() => readResultsFile(bad)).toThrow(`${bad} results[0]: status must be completed, no_result or abandoned`);
    const noSeason = file('no-season.json', JSON.stringify([{ matchNumber: 1 }]));
    expect(() => readResultsFile(noSeason)).toThrow(`${noSeason} results[0]: season is required`);
  });

  it('checks a squads file and names the place of its first problem', () => {
    const good = {
      season: 'IPL 2030',
      teams: [{ name: 'A', players: [{ name: 'P', cricsheetId: 'p1', position: 'Bowler' }] }],
    };
    expect(squadsFromJson(good, 'sq.json')).toEqual(good);
    expect(() =>
      squadsFromJson(
        { season: 'IPL 2030', teams: [{ name: 'A', players: [{ name: 'P', cricsheetId: 'p1' }] }] },
        'sq.json',
      ),
    ).toThrow(/^sq\.json: teams\.0\.players\.0\.position: /);
    expect(() => squadsFromJson({ teams: [] }, 'sq.json')).toThrow(/^sq\.json: season: /);
  });
});
