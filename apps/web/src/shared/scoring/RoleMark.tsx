import * as styles from './RoleMark.css';

export type TeamRole = 'C' | 'VC';

/** The role in words, for screen readers and exports. */
export const roleNames: Record<TeamRole, string> = { C: 'Captain', VC: 'Vice-captain' };

/**
 * A pick's captaincy beside the player's name (issue 27): "(C)" or "(VC)" on screen, "captain" or
 * "vice-captain" to a screen reader. Nothing for a player without a role.
 */
export function RoleMark({ role }: { role: TeamRole | null | undefined }) {
  if (!role) return null;
  return (
    <span className={styles.role} data-role={role}>
      <span aria-hidden="true">({role})</span>
      <span className={styles.srOnly}> ({roleNames[role].toLowerCase()})</span>
    </span>
  );
}

/** A backup who came in at the lock: "came in for <the replaced player>". Nothing otherwise. */
export function CameInFor({ player }: { player: string | null | undefined }) {
  if (!player) return null;
  return <span className={styles.cameInFor}>came in for {player}</span>;
}
