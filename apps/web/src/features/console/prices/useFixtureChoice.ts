import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useOperatorFixturesQuery } from '../../../data/operator/fixtures-query';
import { useOperatorSeasonsQuery } from '../../../data/operator/seasons-query';
import { upcomingFirst } from './fixtures';

/**
 * The season and fixture whose prices are shown: the season chosen (else the active one, else the
 * newest), and the fixture in the address (`?fixture=`, so a link opens it) — else the season's next
 * fixture to start, whose prices can still change.
 */
export function useFixtureChoice() {
  const [params, setParams] = useSearchParams();
  const seasons = useOperatorSeasonsQuery();
  const [seasonChoice, setSeasonChoice] = useState('');
  const season =
    seasons.data?.find((s) => String(s.SeasonID) === seasonChoice) ??
    seasons.data?.find((s) => s.Active) ??
    seasons.data?.[0];
  const fixtures = useOperatorFixturesQuery(season?.SeasonID ?? 0);
  const ordered = upcomingFirst(fixtures.data ?? []);
  const chosen = Number(params.get('fixture') ?? 0) || 0;
  const fixtureId = chosen > 0 ? chosen : (ordered.upcoming[0]?.FixtureID ?? 0);

  const chooseFixture = (id: number) => setParams(id > 0 ? { fixture: String(id) } : {}, { replace: true });
  const chooseSeason = (id: string) => {
    setSeasonChoice(id);
    chooseFixture(0);
  };
  return { seasons, season, chooseSeason, fixtures, ordered, fixtureId, chooseFixture };
}
