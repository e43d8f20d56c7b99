/** Query keys of the live area: what is live now, the Match Centre per fixture (and league), live standings. */
export const liveKeys = {
  all: ['live'] as const,
  fixtures: () => [...liveKeys.all, 'fixtures'] as const,
  matchCentres: (fixtureId: number) => [...liveKeys.all, 'match-centre', fixtureId] as const,
  matchCentre: (fixtureId: number, leagueId: number | null) =>
    [...liveKeys.matchCentres(fixtureId), leagueId ?? 0] as const,
  /** GET /live/standings/{leagueId}, then kept current by the pushed `standings` events. */
  standings: (leagueId: number) => [...liveKeys.all, 'standings', leagueId] as const,
};
