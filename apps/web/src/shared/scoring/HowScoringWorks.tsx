import { messages } from '@fantasy-cricket/rules';
import { Button, Modal, QueryState } from '@fantasy-cricket/ui';
import { useState } from 'react';
import { useLeagueConfigurationsQuery } from '../../data/leagues/league-configurations-query';
import { useSelectionConfigsQuery } from '../../data/leagues/selection-configs-query';
import { useTeamRulesQuery } from '../../data/leagues/team-rules-query';
import type { League } from '../../data/leagues/types';
import { combinedQueryState } from '../../data/query-state';
import { isPlayerSelectionLeague } from '../picks/leagues';
import { PointsTable } from './PointsTable';

const m = messages.scoring;

export interface HowScoringWorksProps {
  league: Pick<League, 'LeagueID' | 'LeagueName' | 'LeagueTypeName'>;
  className?: string;
}

/**
 * The "How scoring works" button of My Selections and the Leaderboard: opens the league's points table
 * (its features and points from the league configuration, signed as they count; for Player Selection
 * also its player counts and team rules) in a dialog, a full-height sheet on phones. The data loads when it opens.
 */
export function HowScoringWorks({ league, className }: HowScoringWorksProps) {
  const [open, setOpen] = useState(false);
  const playerSelection = isPlayerSelectionLeague(league);
  const features = useLeagueConfigurationsQuery(league.LeagueID, { enabled: open });
  const slots = useSelectionConfigsQuery(league.LeagueID, { enabled: open && playerSelection });
  const rules = useTeamRulesQuery(league.LeagueID, { enabled: open && playerSelection });
  const loaded = combinedQueryState(playerSelection ? [features, slots] : [features]);
  // The team rules are a part of their own: while they load the table waits; if they fail, the points
  // still show and the part says so.
  const state =
    loaded.status === 'success' && playerSelection && rules.isPending
      ? { ...loaded, status: 'pending' as const }
      : loaded;
  return (
    <>
      <Button variant="secondary" size="sm" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {m.open}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={m.title(league.LeagueName)} size="lg">
        <QueryState
          {...state}
          loadingText={m.loading}
          errorMessage={
            features.isError ? messages.configure.fetchConfigFailed : messages.configure.fetchSelectionConfigFailed
          }
        >
          {() => (
            <PointsTable
              features={features.data ?? []}
              slots={playerSelection ? slots.data : undefined}
              playerSelection={playerSelection}
              teamRules={playerSelection ? rules.data : undefined}
              teamRulesFailed={playerSelection && rules.isError}
            />
          )}
        </QueryState>
      </Modal>
    </>
  );
}
