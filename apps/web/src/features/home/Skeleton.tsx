import * as styles from './home.css';

/** A grey block of the size of what will be there. */
export function Bone({ width, height }: { width: string; height: string }) {
  return <span aria-hidden="true" className={styles.bone} style={{ width, height }} />;
}

/** League rows while Home's summary loads: the same boxes as the rows (their minimum height). */
export function SkeletonLeagues({ rows, lock }: { rows: number; lock: boolean }) {
  return (
    <div aria-hidden="true">
      {lock ? (
        <div className={styles.lockQuiet}>
          <Bone width="10rem" height="1.25rem" />
          <Bone width="70%" height="1.25rem" />
        </div>
      ) : null}
      <ul className={styles.leagueList}>
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className={styles.league}>
            <div className={styles.leagueHead}>
              <Bone width="60%" height="1.25rem" />
              <Bone width="40%" height="0.9rem" />
            </div>
            <Bone width="3.5rem" height="2.25rem" />
            <div className={styles.step}>
              <div className={styles.stepText}>
                <Bone width="70%" height="1.25rem" />
                <Bone width="8rem" height="1.25rem" />
              </div>
              <Bone width="8.5rem" height="2.5rem" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
