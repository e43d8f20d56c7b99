import type {
  AuditEntry,
  ImportReport,
  ImportRun,
  Operator,
  OperatorFixture,
  OperatorSeason,
} from '../../../data/operator/types';

/** Test and story data for the console, shaped by the contract (openapi.yaml, tag operator). */
export function makeSeason(over: Partial<OperatorSeason> = {}): OperatorSeason {
  return {
    SeasonID: 1,
    Name: 'IPL 2024',
    Competition: 'Indian Premier League',
    Year: 2024,
    Source: 'cricsheet',
    Active: true,
    Teams: 10,
    Fixtures: 74,
    Completed: 70,
    Scheduled: 4,
    FirstStart: '2024-03-22T14:30:00Z',
    LastStart: '2024-05-26T14:00:00Z',
    ...over,
  };
}

export function makeFixture(over: Partial<OperatorFixture> = {}): OperatorFixture {
  return {
    FixtureID: 101,
    Name: 'Match 1',
    MatchNumber: 1,
    StartTime: '2024-03-22T14:30:00Z',
    Home: { TeamID: 11, Name: 'Chennai Super Kings', Code: 'CSK' },
    Away: { TeamID: 12, Name: 'Royal Challengers Bengaluru', Code: 'RCB' },
    Status: 'completed',
    Result: 'CSK won by 6 wickets',
    ResultSource: 'cricsheet',
    PlayerOfMatch: ['Mustafizur Rahman'],
    Current: {
      Status: 'completed',
      Tie: false,
      WinnerTeamID: 11,
      WonByRuns: null,
      WonByWickets: 6,
      Method: null,
      SuperOverWinnerTeamID: null,
      PlayerOfMatchIDs: [],
    },
    ...over,
  };
}

export function makeRun(over: Partial<ImportRun> = {}): ImportRun {
  return {
    ImportRunID: 41,
    Kind: 'schedule',
    Trigger: 'console',
    Source: 'ipl-2025-schedule.csv',
    StartedBy: 'Asha Rao <asha@example.com>',
    StartedAt: '2026-11-20T09:15:00Z',
    FinishedAt: '2026-11-20T09:15:02Z',
    Outcome: 'succeeded',
    Counts: { new: 2, moved: 1, unchanged: 1 },
    Message: null,
    ...over,
  };
}

export function makeReport(over: Partial<ImportReport> = {}): ImportReport {
  return {
    ...makeRun({ ImportRunID: null, Outcome: 'preview' }),
    Lines: [
      {
        Line: 1,
        Key: 'Match 1',
        Status: 'new',
        FixtureID: null,
        Reason: null,
        Path: null,
        Before: null,
        After: { StartTime: '2025-03-22T14:00:00Z', Venue: 'Eden Gardens', Home: 'KKR', Away: 'RCB' },
      },
      {
        Line: 2,
        Key: 'Match 2',
        Status: 'moved',
        FixtureID: 202,
        Reason: null,
        Path: null,
        Before: { StartTime: '2025-03-23T10:00:00Z', Venue: 'Eden Gardens' },
        After: { StartTime: '2025-03-23T14:00:00Z', Venue: 'Eden Gardens' },
      },
      {
        Line: 3,
        Key: 'Match 3',
        Status: 'unchanged',
        FixtureID: 203,
        Reason: null,
        Path: null,
        Before: { Venue: 'Wankhede' },
        After: { Venue: 'Wankhede' },
      },
    ],
    RescoredFixtureIDs: [],
    ...over,
  };
}

export const conflictLines: ImportReport['Lines'] = [
  {
    Line: 4,
    Key: 'Match 4',
    Status: 'conflict',
    FixtureID: 204,
    Reason: 'Match 4 has been played by other teams (MI v CSK).',
    Path: null,
    Before: null,
    After: null,
  },
  {
    Line: 5,
    Key: 'Match 5',
    Status: 'failed',
    FixtureID: null,
    Reason: 'Unknown team code "XYZ".',
    Path: null,
    Before: null,
    After: null,
  },
];

export function makeCricsheetReport(over: Partial<ImportReport> = {}): ImportReport {
  return {
    ...makeRun({
      ImportRunID: 42,
      Kind: 'cricsheet',
      Source: '2 files',
      Outcome: 'partial',
      Counts: { imported: 1, failed: 1 },
    }),
    Lines: [
      {
        Line: 1,
        Key: '1426312.json',
        Status: 'imported',
        FixtureID: 101,
        Reason: null,
        Path: null,
        Before: null,
        After: null,
      },
      {
        Line: 2,
        Key: 'broken.json',
        Status: 'failed',
        FixtureID: null,
        Reason: 'The innings has no team.',
        Path: '$.innings[0].team',
        Before: null,
        After: null,
      },
    ],
    RescoredFixtureIDs: [101],
    ...over,
  };
}

export function makeOperator(over: Partial<Operator> = {}): Operator {
  return {
    UserID: 7,
    Name: 'Smriti Mandhana',
    Email: 'smriti@example.com',
    GrantedAt: '2026-11-01T08:00:00Z',
    GrantedBy: 'cli (root)',
    ...over,
  };
}

export function makeAuditEntry(over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    AuditID: 9,
    At: '2026-11-20T09:15:02Z',
    Actor: 'Smriti Mandhana <smriti@example.com>',
    ActorUserID: 7,
    Action: 'season.activate',
    Target: 'season 3 (IPL 2025)',
    Before: { Active: false },
    After: { Active: true },
    ...over,
  };
}
