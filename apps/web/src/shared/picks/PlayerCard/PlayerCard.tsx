import type { ReactNode } from 'react';
import type { PlayerFigures } from '../../../data/picks/types';
import { TeamCode } from '../TeamCode';
import * as styles from './PlayerCard.css';

export interface PlayerCardProps {
  name: string;
  teamCode: string;
  teamColour?: string | null | undefined;
  position: string;
  /** Season points and last three (undefined while loading or when unavailable: shown as '–'). */
  figures?: Pick<PlayerFigures, 'SeasonPoints' | 'Matches' | 'LastThree'> | undefined;
  /** Badges after the name (auto-pick, already picked). */
  badges?: ReactNode;
}

/** "44, 71, 38 (oldest first)" as a screen reader hears the last three. */
export function lastThreeText(figures: Pick<PlayerFigures, 'LastThree'>): string {
  if (figures.LastThree.length === 0) return 'no matches yet';
  return figures.LastThree.map((f) => `${f.Points} in ${f.FixtureName}`).join(', ');
}

/**
 * A player as the team sheet and the picker show them: name, team code with its colour,
 * position, season fantasy points and the points of their last three matches (oldest first).
 */
export function PlayerCard({ name, teamCode, teamColour, position, figures, badges }: PlayerCardProps) {
  return (
    <span className={styles.card} data-testid="player-card">
      <span className={styles.who}>
        <TeamCode code={teamCode} colour={teamColour} />
        <span className={styles.name}>{name}</span>
        {badges}
      </span>
      <span className={styles.season}>
        <span className={styles.seasonValue}>{figures ? figures.SeasonPoints : '–'}</span>
        <span className={styles.small}>season pts</span>
      </span>
      <span className={styles.details}>
        <span>{position}</span>
        <span>
          {figures ? `${figures.Matches} ${figures.Matches === 1 ? 'match' : 'matches'}` : 'Figures unavailable'}
        </span>
        {figures ? (
          <span className={styles.lastThree}>
            <span aria-hidden="true">Last 3:</span>
            <span className={styles.srOnly}>Last three: {lastThreeText(figures)}.</span>
            {figures.LastThree.length === 0 ? <span aria-hidden="true">–</span> : null}
            {figures.LastThree.map((f) => (
              <span key={f.FixtureID} aria-hidden="true" className={styles.point} title={f.FixtureName}>
                {f.Points}
              </span>
            ))}
          </span>
        ) : null}
      </span>
    </span>
  );
}
