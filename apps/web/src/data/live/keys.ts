/** Query keys of the live area: what is live now, the Match Centre per fixture (and league), live standings. */
export const liveKeys = {
  all: ['live'] as const,
  fixtures: () => [...liveKeys.all, 'fixtures'] as const,
  matchCentres: (fixtureId: number) => [...liveKeys.all, 'match-centre', fixtureId] as const,
  matchCentre: (fixtureId: number, leagueId: number | null) =>
    [...liveKeys.matchCentres(fixtureId), leagueId ?? 0] as const,
  /** Filled by pushed `standings` events only (there is no REST read of provisional standings). */
  standings: (leagueId: number) => [...liveKeys.all, 'standings', leagueId] as const,
};
