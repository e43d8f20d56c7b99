import { describe, expect, it } from 'vitest';
import {
  createLeaguePayloadSchema,
  countedPoints,
  featurePointsError,
  signedPoints,
  isLeagueTypeAllowed,
  joinPrivateFormSchema,
  positionCountError,
  selectionCountErrors,
  startLeagueFormSchema,
} from './leagues';
import { publicJoinError } from './join';

const issues = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries([...(result.error?.issues ?? [])].reverse().map((i) => [String(i.path[0]), i.message]));

describe('start league', () => {
  const valid = {
    leagueName: 'Office League',
    description: '',
    isPrivate: true,
    showOthersPicks: false,
    leagueTypeId: '2',
    series: '1:3',
    displayName: 'Smriti',
  };
  it('accepts a complete form', () => {
    expect(startLeagueFormSchema.safeParse(valid).success).toBe(true);
  });
  it('reports every required field and the short display name', () => {
    expect(
      issues(
        startLeagueFormSchema.safeParse({ ...valid, leagueName: ' ', leagueTypeId: '', series: '', displayName: 'ab' }),
      ),
    ).toEqual({
      leagueName: '* League Name is required',
      leagueTypeId: '* League Type is required',
      series: '* Series is required',
      displayName: '* Display Name is required',
    });
  });
  it('limits the description to 1500 characters', () => {
    expect(startLeagueFormSchema.safeParse({ ...valid, description: 'x'.repeat(1500) }).success).toBe(true);
    expect(issues(startLeagueFormSchema.safeParse({ ...valid, description: 'x'.repeat(1501) }))).toEqual({
      description: 'League Description cannot exceed 1500 characters.',
    });
  });
  it('checks the payload the API receives', () => {
    const payload = {
      Name: 'L',
      LeagueTypeID: 1,
      IsPrivate: false,
      ShowOthersPicks: true,
      SeasonID: 3,
      AdminUserID: 7,
      AdminDisplayName: 'Smr',
    };
    expect(createLeaguePayloadSchema.safeParse(payload).success).toBe(true);
    expect(issues(createLeaguePayloadSchema.safeParse({ ...payload, AdminDisplayName: 'ab' }))).toEqual({
      AdminDisplayName: '* Display Name is required',
    });
  });
  it('allows only Match Prediction for public leagues', () => {
    expect(isLeagueTypeAllowed('Match Prediction', false)).toBe(true);
    expect(isLeagueTypeAllowed('Player Selection', false)).toBe(false);
    expect(isLeagueTypeAllowed('Player Selection', true)).toBe(true);
  });
});

describe('join', () => {
  it('requires a code and a display name of at least 3 characters', () => {
    expect(issues(joinPrivateFormSchema.safeParse({ leagueCode: '', displayName: 'ab' }))).toEqual({
      leagueCode: '* League Code is required',
      displayName: '* Display Name is required',
    });
    expect(joinPrivateFormSchema.safeParse({ leagueCode: 'ABC123', displayName: ' Smr ' }).data?.displayName).toBe(
      'Smr',
    );
  });
  it('checks a public join by the trimmed display name', () => {
    const message = 'Please enter a valid display name (at least 3 characters) before joining the league.';
    expect(publicJoinError('CODE', '  ab  ')).toBe(message);
    expect(publicJoinError('CODE', ' abc ')).toBeUndefined();
  });
});

describe('player counts', () => {
  const counts = (b: number, w: number, a: number, k: number) => [
    { position: 'Batsman', count: b },
    { position: 'Bowler', count: w },
    { position: 'Allrounder', count: a },
    { position: 'Wicketkeeper', count: k },
  ];
  it('accepts 1 to 11 players within the position limits', () => {
    expect(selectionCountErrors(counts(5, 4, 1, 1))).toEqual([]);
    expect(selectionCountErrors(counts(1, 0, 0, 0))).toEqual([]);
  });
  it('reports each rule', () => {
    expect(selectionCountErrors(counts(6, 0, 0, 0))).toEqual(['Max 5 Batsman are allowed.']);
    expect(selectionCountErrors(counts(0, 0, 0, 2))).toEqual(['Max 1 Wicketkeeper are allowed.']);
    expect(selectionCountErrors(counts(5, 5, 3, 1))).toEqual(['Total players cannot exceed 11.']);
    expect(selectionCountErrors(counts(0, 0, 0, 0))).toEqual(['At least one player is required.']);
  });
  it("checks one position's count on its own (a stored count of an inactive position too)", () => {
    expect(positionCountError('Batsman', 0)).toBeUndefined();
    expect(positionCountError('Batsman', 5)).toBeUndefined();
    expect(positionCountError('Batsman', 6)).toBe('Max 5 Batsman are allowed.');
    expect(positionCountError('Batsman', -1)).toBe('Max 5 Batsman are allowed.');
    expect(positionCountError('Wicketkeeper', 1.5)).toBe('Max 1 Wicketkeeper are allowed.');
  });
});

describe('feature points', () => {
  const required = 'Points are required.';
  const whole = 'Points must be a whole number.';
  const range = 'Points for "Winner" must be between 0 and 10 inclusive.';
  it.each<[unknown, string | undefined]>([
    // Nothing given: the form's empty or emptied input, or a missing value sent to the API.
    ['', required],
    ['   ', required],
    ['\t\n', required],
    ['NaN', required],
    [' NaN ', required],
    [Number.NaN, required],
    [null, required],
    [undefined, required],
    // Something that is not a base-10 whole number.
    ['2.5', whole],
    [2.5, whole],
    ['abc', whole],
    ['1e1', whole],
    ['0x5', whole],
    ['Infinity', whole],
    [Number.POSITIVE_INFINITY, whole],
    [true, whole],
    [[5], whole],
    // Whole numbers: 0..max inclusive, white space around text ignored.
    ['-1', range],
    [-1, range],
    ['11', range],
    [11, range],
    ['0', undefined],
    [0, undefined],
    ['10', undefined],
    [' 7 ', undefined],
    ['+3', undefined],
    ['4.0', undefined],
    [10, undefined],
  ])('%j → %s', (value, message) => {
    expect(featurePointsError(value, 'Winner', 10)).toBe(message);
  });
});

describe('signed points', () => {
  it('shows points as they count, a penalty with a minus sign', () => {
    expect(signedPoints(10)).toBe('+10');
    expect(signedPoints(-2)).toBe('\u22122');
    expect(signedPoints(0)).toBe('0');
    expect(signedPoints(countedPoints(2, -1))).toBe('−2');
    expect(signedPoints(countedPoints(25, 1))).toBe('+25');
    expect(signedPoints(countedPoints(0, -1))).toBe('0');
  });
});
