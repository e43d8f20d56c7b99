import type { PlayerFigures } from '../../../data/picks/types';

/**
 * A player's recent form on one line, from the figures the Player Selection picker shows (season
 * fantasy points, matches, last three oldest first): "245 season pts · 8 matches · Last 3: 44, 71, 38".
 * The Match Prediction player dropdowns show it under each name.
 */
export function figuresLine(figures: Pick<PlayerFigures, 'SeasonPoints' | 'Matches' | 'LastThree'>): string {
  if (figures.Matches === 0) return `${figures.SeasonPoints} season pts · no matches yet`;
  const matches = `${figures.Matches} ${figures.Matches === 1 ? 'match' : 'matches'}`;
  return `${figures.SeasonPoints} season pts · ${matches} · Last 3: ${figures.LastThree.map((f) => f.Points).join(', ')}`;
}
