import * as styles from './TeamCode.css';

/**
 * A team's short code with a swatch of its colour (the catalogue's TEAM_COLOURS, sent with the
 * fixture; a neutral swatch when the team has none). The code is the text; the colour only marks it.
 */
export function TeamCode({ code, colour }: { code: string; colour?: string | null | undefined }) {
  return (
    <span className={styles.code} data-team={code}>
      <span className={styles.swatch} aria-hidden="true" style={colour ? { background: colour } : undefined} />
      {code}
    </span>
  );
}
