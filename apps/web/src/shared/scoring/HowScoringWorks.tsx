import { messages } from '@fantasy-cricket/rules';
import { Button, Modal, QueryState } from '@fantasy-cricket/ui';
import { useState } from 'react';
import { useLeagueConfigurationsQuery } from '../../data/leagues/league-configurations-query';
import { useSelectionConfigsQuery } from '../../data/leagues/selection-configs-query';
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
 * also its player counts) in a dialog, a full-height sheet on phones. The data loads when it opens.
 */
export function HowScoringWorks({ league, className }: HowScoringWorksProps) {
  const [open, setOpen] = useState(false);
  const playerSelection = isPlayerSelectionLeague(league);
  const features = useLeagueConfigurationsQuery(league.LeagueID, { enabled: open });
  const slots = useSelectionConfigsQuery(league.LeagueID, { enabled: open && playerSelection });
  const state = combinedQueryState(playerSelection ? [features, slots] : [features]);
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
            />
          )}
        </QueryState>
      </Modal>
    </>
  );
}
