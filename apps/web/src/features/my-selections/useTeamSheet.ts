import { hasStarted, teamSummary } from '@fantasy-cricket/rules';
import { useMemo, useState } from 'react';
import type { Fixture, PlayerOption } from '../../data/cricket/types';
import type { League } from '../../data/leagues/types';
import { useFixturePlayerSelectionsQuery } from '../../data/picks/fixture-player-selections-query';
import { usePlayerSelectionTeamQuery } from '../../data/picks/player-selection-team-query';
import type { PlayerFigures, PlayerSelectionTeamSave } from '../../data/picks/types';
import { hasTeamRules } from '../../shared/scoring/teamRules';
import type { GridRow } from './grid';
import {
  extrasOf,
  normalizeExtras,
  pickedByShare,
  pickedIds,
  sameExtras,
  sidesOf,
  type TeamExtras,
  teamChoice,
  teamPlayers,
  teamProblems,
  teamSave,
} from './TeamSheet/team';
import type { TeamSheetTeam } from './TeamSheet/TeamSheet';

interface Options {
  league: League | undefined;
  fixture: Fixture | undefined;
  /** A Player Selection league is chosen (the team is read only then). */
  enabled: boolean;
  /** The league and fixture on screen (the unsaved choices belong to it). */
  scope: string;
  rows: readonly GridRow[] | undefined;
  players: readonly PlayerOption[];
  figures: ReadonlyMap<number, PlayerFigures>;
  /** The figures (with the prices) are loaded. */
  pricesKnown: boolean;
  /** The figures are still loading. */
  pricesLoading: boolean;
  serverNow: string | null;
}

/**
 * The Player Selection team beyond its slots on My Selections (issue 27): the member's team of the
 * fixture (rules, captain, vice-captain, backups) from the server, the person's unsaved changes to it,
 * the problems packages/rules finds in the team on screen, and — once the fixture has started in a
 * league that reveals picks — how many of the league's teams picked each player (All Selections' read).
 * A league with every rule off gets `team: null`: the sheet as before.
 */
export function useTeamSheet({
  league,
  fixture,
  enabled,
  scope,
  rows,
  players,
  figures,
  pricesKnown,
  pricesLoading,
  serverNow,
}: Options) {
  const leagueId = league?.LeagueID ?? 0;
  const fixtureId = fixture?.FixtureID ?? 0;
  const query = usePlayerSelectionTeamQuery(leagueId, fixtureId, { enabled: enabled && Boolean(fixture) });
  const [draft, setDraft] = useState<{ scope: string; value: TeamExtras } | null>(null);
  /** Save was pressed with these problems (the list is said as an alert until the team changes). */
  const [alerted, setAlerted] = useState<{ scope: string; problems: string } | null>(null);

  const data = enabled ? query.data : undefined;
  const rules = data && hasTeamRules(data.Rules) ? data.Rules : null;
  const started = Boolean(fixture && serverNow && hasStarted(fixture.StartTime, serverNow));
  // "Picked by N%": everyone's picks, revealed after the start when the league shows them (one read per fixture).
  const everyone = useFixturePlayerSelectionsQuery(leagueId, fixtureId, {
    enabled: Boolean(rules) && started && Boolean(league?.ShowOthersPicks),
  });

  const byId = useMemo(() => new Map(players.map((p) => [p.PlayerID, p])), [players]);
  const codes = useMemo(() => (fixture ? [fixture.LocalTeamCode, fixture.VisitorTeamCode] : []), [fixture]);
  const sides = useMemo(() => sidesOf(players, codes), [players, codes]);
  const pickedBy = useMemo(() => (everyone.data ? pickedByShare(everyone.data) : null), [everyone.data]);
  const replacements = useMemo(
    () => new Map((data?.Replacements ?? []).map((r) => [r.PlayerID, r.ReplacedPlayerID] as const)),
    [data?.Replacements],
  );

  const computed = useMemo(() => {
    if (!rules || !data || !rows) return null;
    const picked = pickedIds(rows);
    const saved = normalizeExtras(extrasOf(data), picked, rules);
    const extras = draft?.scope === scope ? normalizeExtras(draft.value, picked, rules) : saved;
    const problems = started ? [] : teamProblems(rules, teamChoice(rows, byId, figures, extras), sides, pricesKnown);
    return {
      extras,
      changed: !sameExtras(extras, saved),
      problems,
      summary: teamSummary(rules, teamPlayers(rows, byId, figures)),
    };
  }, [rules, data, rows, draft, scope, started, byId, figures, sides, pricesKnown]);

  const problemsKey = computed?.problems.join('\n') ?? '';
  const team: TeamSheetTeam | null =
    rules && data && computed
      ? {
          rules,
          extras: computed.extras,
          sides,
          summary: computed.summary,
          pricesKnown,
          pricesLoading,
          xiAnnounced: data.XIAnnounced,
          replacements,
          pickedBy,
          problems: computed.problems,
          problemsAlert: alerted?.scope === scope && alerted.problems === problemsKey,
          onChange: (value) => setDraft({ scope, value }),
        }
      : null;

  return {
    /** The team's read, for the sheet's loading and failed states. */
    query,
    team,
    /** The person changed the captain, vice-captain or backups since the last save. */
    changed: computed?.changed ?? false,
    problems: computed?.problems ?? [],
    /** The save's Teams entry for the fixture (leagues with team rules), else undefined. */
    teams: (): PlayerSelectionTeamSave[] | undefined =>
      team && fixture ? [teamSave(leagueId, fixture.FixtureID, team.extras)] : undefined,
    /** Save was pressed with problems: say them as an alert, brought into view. */
    showProblems: () => setAlerted({ scope, problems: problemsKey }),
    /** After a save: the server's team is the one on screen. */
    reset: () => {
      setDraft(null);
      setAlerted(null);
    },
  };
}
