import type { Schema } from '@fantasy-cricket/api-client';
import { http } from '../../../stories/api';
import {
  conflictLines,
  makeAuditEntry,
  makeCricsheetReport,
  makeFixture,
  makeOperator,
  makeReport,
  makeRun,
  makeSeason,
} from './testData';

/** The console's API for its stories (msw, typed by the contract): an operator and a season's worth of data. */
export const seasons = [
  makeSeason({
    SeasonID: 3,
    Name: 'IPL 2025',
    Year: 2025,
    Active: false,
    Source: 'console',
    Fixtures: 74,
    Completed: 0,
    Scheduled: 74,
  }),
  makeSeason(),
  makeSeason({ SeasonID: 4, Name: 'IPL 2023', Year: 2023, Active: false, Fixtures: 74, Completed: 74, Scheduled: 0 }),
];

export const fixtures = [
  makeFixture(),
  makeFixture({
    FixtureID: 102,
    Name: 'Match 2',
    MatchNumber: 2,
    StartTime: '2024-03-23T10:00:00Z',
    Home: { TeamID: 13, Name: 'Punjab Kings', Code: 'PBKS' },
    Away: { TeamID: 14, Name: 'Delhi Capitals', Code: 'DC' },
    Result: 'PBKS won by 4 wickets',
    PlayerOfMatch: ['Sam Curran'],
  }),
  makeFixture({
    FixtureID: 103,
    Name: 'Match 3',
    MatchNumber: 3,
    StartTime: '2024-03-23T14:00:00Z',
    Home: { TeamID: 15, Name: 'Kolkata Knight Riders', Code: 'KKR' },
    Away: { TeamID: 16, Name: 'Sunrisers Hyderabad', Code: 'SRH' },
    Status: 'abandoned',
    Result: 'No result',
    ResultSource: 'manual',
    PlayerOfMatch: [],
  }),
  makeFixture({
    FixtureID: 104,
    Name: 'Match 4',
    MatchNumber: 4,
    StartTime: '2024-05-26T14:00:00Z',
    Status: 'scheduled',
    Result: null,
    ResultSource: null,
    PlayerOfMatch: [],
  }),
];

const player = (
  PlayerID: number,
  PlayerFullName: string,
  home: boolean,
  PositionName: string,
): Schema<'PlayerOption'> => ({
  PlayerID,
  PlayerFullName,
  TeamID: home ? 11 : 12,
  TeamCode: home ? 'CSK' : 'RCB',
  TeamName: home ? 'Chennai Super Kings' : 'Royal Challengers Bengaluru',
  PositionName,
  PositionID: 1,
});

export const fixturePlayers = [
  player(1, 'Ruturaj Gaikwad', true, 'Batter'),
  player(2, 'Shivam Dube', true, 'All-rounder'),
  player(3, 'Mustafizur Rahman', true, 'Bowler'),
  player(4, 'Virat Kohli', false, 'Batter'),
  player(5, 'Faf du Plessis', false, 'Batter'),
  player(6, 'Anuj Rawat', false, 'Wicketkeeper'),
];

export const runs = [
  makeRun({ ImportRunID: 44, Kind: 'result', Source: 'Match 3', Counts: { updated: 1 } }),
  makeRun({
    ImportRunID: 43,
    Kind: 'fetch',
    Trigger: 'schedule',
    Source: 'https://cricsheet.org/downloads/recently_added_2_json.zip',
    StartedBy: 'scheduled fetch',
    Outcome: 'not_modified',
    Counts: {},
  }),
  makeRun({
    ImportRunID: 42,
    Kind: 'cricsheet',
    Source: '2 files',
    Outcome: 'partial',
    Counts: { imported: 1, failed: 1 },
  }),
  makeRun({ ImportRunID: 41 }),
  makeRun({
    ImportRunID: 40,
    Kind: 'squads',
    Trigger: 'cli',
    Source: 'ipl-2025-squads.json',
    StartedBy: 'cli (root)',
    Counts: { new: 240 },
  }),
];

export const health: Schema<'DataHealth'> = {
  Hours: 6,
  CheckedAt: '2026-11-25T03:00:00Z',
  StartedWithoutResult: [
    {
      FixtureID: 5,
      Season: 'IPL 2025',
      Name: 'Match 5',
      StartTime: '2026-11-24T14:00:00Z',
      Home: 'MI',
      Away: 'CSK',
      Status: 'live',
    },
  ],
  PlayersWithoutPosition: [
    { PlayerID: 9, Name: 'Vaibhav Suryavanshi', Season: 'IPL 2025', Team: 'Rajasthan Royals' },
    { PlayerID: 10, Name: 'Priyansh Arya', Season: 'IPL 2025', Team: 'Punjab Kings' },
  ],
  SquadsMissing: [
    {
      FixtureID: 7,
      Season: 'IPL 2025',
      Name: 'Match 7',
      StartTime: '2026-11-27T14:00:00Z',
      Team: 'Gujarat Titans',
      Players: 4,
    },
  ],
};

export const fetchStatus: Schema<'FetchStatus'> = {
  Enabled: true,
  Url: 'https://cricsheet.org/downloads/recently_added_2_json.zip',
  IntervalMinutes: 60,
  LastRun: runs[1] ?? null,
  NextRunAt: '2026-11-25T04:00:00Z',
  ETag: '"5f3a-61c2"',
  LastModified: 'Tue, 24 Nov 2026 22:10:00 GMT',
};

export const operators = [
  makeOperator(),
  makeOperator({
    UserID: 8,
    Name: 'Asha Rao',
    Email: 'asha.rao@example.com',
    GrantedBy: 'Smriti Mandhana <smriti@example.com>',
    GrantedAt: '2026-11-12T10:30:00Z',
  }),
];

export const auditEntries = [
  makeAuditEntry({
    AuditID: 12,
    Action: 'fixture.result',
    Target: 'fixture 103 (Match 3)',
    Before: { Status: 'scheduled', Result: null },
    After: { Status: 'abandoned', Result: 'No result' },
  }),
  makeAuditEntry({
    AuditID: 11,
    Action: 'schedule.apply',
    Target: 'IPL 2025 (ipl-2025-schedule.csv)',
    Before: null,
    After: { new: 2, moved: 1, unchanged: 1 },
  }),
  makeAuditEntry(),
  makeAuditEntry({
    AuditID: 8,
    Action: 'operator.grant',
    Target: 'asha.rao@example.com',
    Actor: 'cli (root)',
    ActorUserID: null,
    Before: null,
    After: { Email: 'asha.rao@example.com' },
  }),
];

export const previewReport = makeReport({ Source: 'ipl-2025-schedule.csv' });
export const conflictReport = makeReport({
  Source: 'ipl-2025-schedule.csv',
  Lines: [...makeReport().Lines, ...conflictLines],
  Counts: { new: 1, moved: 1, unchanged: 1, conflict: 1, failed: 1 },
});
export const cricsheetReport = makeCricsheetReport();

const squad = (from: number, names: string[]) =>
  names.map((Name, i) => ({ PlayerID: from + i, Name, Position: i % 4 === 0 ? 'Bowler' : 'Batsman' }));

/** The scorecard sheet of Match 1 (started, no result yet): its teams' squads. */
export const scorecardSheet: Schema<'ScorecardSheet'> = {
  FixtureID: 101,
  Name: 'Match 1',
  Season: 'IPL 2024',
  StartTime: '2024-03-22T14:30:00.000Z',
  Status: 'scheduled',
  Result: null,
  ResultSource: null,
  Editable: true,
  NotEditableReason: null,
  Teams: [
    {
      TeamID: 11,
      Name: 'Chennai Super Kings',
      Code: 'CSK',
      Players: squad(1, ['Mustafizur Rahman', 'RD Gaikwad', 'R Ravindra', 'AM Rahane', 'DJ Mitchell', 'RA Jadeja']),
    },
    {
      TeamID: 12,
      Name: 'Royal Challengers Bengaluru',
      Code: 'RCB',
      Players: squad(21, ['Mohammed Siraj', 'V Kohli', 'F du Plessis', 'RM Patidar', 'GJ Maxwell', 'KD Karthik']),
    },
  ],
  Saved: null,
  SavedAt: null,
};

/** Every console call answered; groups by name so a story can replace one. */
export const consoleHandlers = {
  status: [http.get('/operator/status', ({ response }) => response(200).json({ Operator: true }))],
  seasons: [
    http.get('/operator/seasons', ({ response }) => response(200).json(seasons)),
    http.post('/operator/seasons', ({ response }) => response(201).json(seasons[0] as Schema<'OperatorSeason'>)),
    http.post('/operator/seasons/{seasonId}/activation', ({ response }) =>
      response(200).json(seasons[1] as Schema<'OperatorSeason'>),
    ),
  ],
  fixtures: [
    http.get('/operator/fixtures', ({ response }) => response(200).json(fixtures)),
    http.get('/player/getPlayersByFixtureID/{fixtureId}', ({ response }) => response(200).json(fixturePlayers)),
    http.post('/operator/fixtures/{fixtureId}/result', ({ response }) =>
      response(200).json(
        makeReport({
          ImportRunID: 45,
          Kind: 'result',
          Outcome: 'succeeded',
          Lines: [
            {
              Line: 1,
              Key: 'Match 1',
              Status: 'updated',
              FixtureID: 101,
              Reason: null,
              Path: null,
              Before: { Result: 'CSK won by 6 wickets' },
              After: { Result: 'RCB won by 4 runs' },
            },
          ],
          Counts: { updated: 1 },
          RescoredFixtureIDs: [101],
        }),
      ),
    ),
    http.post('/operator/results/cricsheet', ({ response }) => response(200).json(cricsheetReport)),
  ],
  files: [
    http.post('/operator/schedule', async ({ request, response }) => {
      const body = (await request.json()) as { Apply: boolean };
      return response(200).json(
        body.Apply ? { ...previewReport, ImportRunID: 46, Outcome: 'succeeded' } : previewReport,
      );
    }),
    http.post('/operator/squads', ({ response }) => response(200).json({ ...previewReport, Kind: 'squads' })),
  ],
  imports: [
    http.get('/operator/imports', ({ response }) => response(200).json({ Runs: runs, NextBefore: 40 })),
    http.get('/operator/imports/{importRunId}', ({ response }) => response(200).json(cricsheetReport)),
  ],
  health: [
    http.get('/operator/health', ({ response }) => response(200).json(health)),
    http.get('/operator/fetch', ({ response }) => response(200).json(fetchStatus)),
    http.post('/operator/fetch', ({ response }) =>
      response(200).json({ ...cricsheetReport, Kind: 'fetch', ImportRunID: 47 }),
    ),
  ],
  operators: [
    http.get('/operator/operators', ({ response }) => response(200).json(operators)),
    http.post('/operator/operators', ({ response }) => response(200).json(operators[1] as Schema<'Operator'>)),
    http.post('/operator/operators/revoke', ({ response }) => response(200).json({ message: 'Revoked.' })),
  ],
  audit: [http.get('/operator/audit', ({ response }) => response(200).json({ Entries: auditEntries, NextBefore: 8 }))],
  scorecard: [
    http.get('/operator/fixtures/{fixtureId}/scorecard', ({ response }) => response(200).json(scorecardSheet)),
    http.post('/operator/fixtures/{fixtureId}/scorecard/preview', ({ response }) =>
      response(200).json({
        Problems: [
          {
            Path: 'Innings.0.Total.Runs',
            Message: "The batters' runs (12) and the extras (0) make 12, not the total of 13.",
          },
          { Path: 'Outcome.ByRuns', Message: 'By how much did Chennai Super Kings win? A margin in runs or wickets.' },
        ],
        Report: null,
      }),
    ),
  ],
};
