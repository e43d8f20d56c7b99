import type { Schema } from '@fantasy-cricket/api-client';
import * as styles from './Lineup.css';

export type FixtureLineup = Schema<'FixtureLineup'>;

const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/**
 * The toss and the playing XIs a data vendor announced for a fixture: the toss in a line, the XIs
 * (and named substitutes, from whom an Impact Player comes) behind a disclosure, and when they changed
 * after they were first announced. Nothing while none is announced.
 */
export function Lineup({ lineup }: { lineup: FixtureLineup | null | undefined }) {
  if (!lineup) return null;
  const changed = lineup.UpdatedAt !== lineup.AnnouncedAt;
  return (
    <div className={styles.lineup} data-testid="fixture-lineup">
      {lineup.Toss ? (
        <p className={styles.line}>
          Toss: {lineup.Toss.TeamName} won and chose to {lineup.Toss.Decision === 'bat' ? 'bat' : 'field'}.
        </p>
      ) : null}
      {lineup.Teams.some((t) => t.Playing.length > 0) ? (
        <details>
          <summary className={styles.summary}>
            Playing XIs announced{changed ? ` · changed at ${time.format(new Date(lineup.UpdatedAt))}` : ''}
          </summary>
          <div className={styles.teams}>
            {lineup.Teams.map((t) => (
              <section key={t.TeamID} className={styles.team} aria-label={`${t.TeamName} playing XI`}>
                <h4 className={styles.teamName}>
                  {t.TeamCode} · {t.TeamName}
                </h4>
                <ol className={styles.players}>
                  {t.Playing.map((p) => (
                    <li key={p.PlayerID}>{p.Name}</li>
                  ))}
                </ol>
                {t.Substitutes.length > 0 ? (
                  <p className={styles.muted}>Substitutes: {t.Substitutes.map((p) => p.Name).join(', ')}</p>
                ) : null}
              </section>
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}
