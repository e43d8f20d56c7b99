import { describe, expect, it } from 'vitest';
import { othersPicksNote } from './AllSelectionsPage';

describe("All Selections' note on hidden picks", () => {
  it('hides others until the start, keeps them private after it unless the league shows them', () => {
    expect(othersPicksNote(false, true)).toMatch(/hidden until this fixture starts/);
    expect(othersPicksNote(false, false)).toMatch(/hidden until this fixture starts/);
    expect(othersPicksNote(true, false)).toBe("This league keeps members' picks private: you see only your own.");
    expect(othersPicksNote(true, true)).toBeNull();
  });
});
