import { atom } from 'jotai';
import type { LeaguePicksType } from '../../shared/picks/leagues';

/**
 * "Copy below picks to my other MP leagues" / "... other PS leagues" (spec section 2): one choice per
 * league type, so ticking it for a Match Prediction league never carries over to a Player Selection
 * league (whose save would then copy too). Client state of this visit only.
 */
export const copyToOtherLeaguesAtom = atom<Record<LeaguePicksType, boolean>>({
  'match-prediction': false,
  'player-selection': false,
});
