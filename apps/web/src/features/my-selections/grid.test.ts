import { describe, expect, it } from 'vitest';
import { type GridRow, keepOpenChoices } from './grid';

const row = (key: string, StartTime: string, selectedID: number | null, isTouched = false): GridRow => ({
  key,
  FixtureID: 1,
  FixtureDisplayName: 'Match 1',
  StartTime,
  label: key,
  kind: 'team',
  isPlayerFeature: false,
  FeatureID: 1,
  LeagueFeatureID: 1,
  bonusOptions: [],
  allowedPositionIDs: null,
  PositionTypeID: 0,
  PositionTypeName: '',
  PositionOrder: 0,
  ID: null,
  selectedID,
  isTouched,
  IsAutoPick: false,
  ReplacedPlayerID: null,
});

describe('keepOpenChoices (reload after a refused save)', () => {
  const now = '2026-05-01T12:00:00.000Z';
  const later = '2026-05-01T14:00:00.000Z';

  it("keeps the person's unsaved choices on rows still open", () => {
    const fresh = [row('f-1', later, null)];
    const kept = keepOpenChoices(fresh, [row('f-1', later, 7, true)], now);
    expect(kept[0]).toMatchObject({ selectedID: 7, isTouched: true });
  });

  it('takes what the server says for rows whose fixture has started meanwhile', () => {
    // The grid was loaded when the fixture started later; it has since been moved to before now.
    const fresh = [row('f-1', '2026-05-01T11:59:00.000Z', 3)];
    const kept = keepOpenChoices(fresh, [row('f-1', later, 7, true)], now);
    expect(kept[0]).toMatchObject({ selectedID: 3, isTouched: false });
  });

  it('leaves rows the previous grid did not have as loaded', () => {
    const fresh = [row('f-2', later, 4)];
    expect(keepOpenChoices(fresh, [row('f-1', later, 7, true)], now)).toEqual(fresh);
  });
});
