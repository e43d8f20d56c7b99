import { Button, Card, FormStatus, TextArea } from '@fantasy-cricket/ui';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { ScorecardSheet } from '../../../data/operator/types';
import { parseScorecardPaste, type PastedInnings } from './paste';
import * as styles from './scorecard.css';
import { emptyInnings, type InningsValues, resultOfTotals, type ScorecardValues } from './schema';

const text = (n: number) => String(n);

/** A pasted innings as the form's values (an unplaced name leaves its picker empty). */
function inningsValues(p: PastedInnings): InningsValues {
  const id = (v: number | null) => (v === null ? '' : text(v));
  return {
    ...emptyInnings(text(p.teamId), p.superOver),
    Batting: p.batting.map((b) => ({
      PlayerID: id(b.playerId),
      HowOut: b.howOut,
      BowlerID: id(b.bowlerId),
      FielderIDs: b.fielderIds.map(id),
      Runs: text(b.runs),
      Balls: text(b.balls),
      Fours: text(b.fours),
      Sixes: text(b.sixes),
    })),
    Bowling: p.bowling.map((b) => ({
      PlayerID: id(b.playerId),
      Overs: b.overs,
      Maidens: text(b.maidens),
      Runs: text(b.runs),
      Wickets: text(b.wickets),
      Wides: text(b.wides),
      NoBalls: text(b.noBalls),
    })),
    Extras: p.extras
      ? {
          Byes: text(p.extras.byes),
          LegByes: text(p.extras.legByes),
          Wides: text(p.extras.wides),
          NoBalls: text(p.extras.noBalls),
          Penalty: text(p.extras.penalty),
        }
      : emptyInnings().Extras,
    Total: p.total
      ? { Runs: text(p.total.runs), Wickets: text(p.total.wickets), Overs: p.total.overs }
      : emptyInnings().Total,
  };
}

/**
 * Paste a scorecard table (from a scorecard page or a spreadsheet) to fill the innings: what it read
 * replaces the innings typed so far; names it could not place and lines it could not read are listed.
 */
export function PastePanel({ sheet }: { sheet: ScorecardSheet }) {
  const { getValues, reset } = useFormContext<ScorecardValues>();
  const [pasted, setPasted] = useState('');
  const [status, setStatus] = useState<{ kind: 'success' | 'info'; message: string; notices: string[] } | null>(null);

  const fill = () => {
    const teams = sheet.Teams.map((t) => ({
      teamId: t.TeamID,
      name: t.Name,
      code: t.Code,
      players: t.Players.map((p) => ({ id: p.PlayerID, name: p.Name })),
    }));
    const { innings, notices } = parseScorecardPaste(pasted, [teams[0]!, teams[1]!]);
    if (innings.length === 0) {
      setStatus({ kind: 'info', message: 'Nothing was filled in.', notices });
      return;
    }
    const current = getValues();
    const next: ScorecardValues = { ...current, Innings: innings.map(inningsValues) };
    next.AlsoPlayed = sheet.Teams.map((t, ti) => [
      ...new Set([
        ...(current.AlsoPlayed[ti] ?? []),
        ...innings.filter((i) => i.teamId === t.TeamID).flatMap((i) => i.didNotBat.map(text)),
      ]),
    ]);
    const suggested = resultOfTotals(next);
    if (suggested && current.Outcome.WinnerTeamID === '' && current.Outcome.Margin === '') next.Outcome = suggested;
    reset(next, { keepDefaultValues: true });
    const filled = `Filled ${innings.length} ${innings.length === 1 ? 'innings' : 'innings'}: ${innings
      .map(
        (i) =>
          `${sheet.Teams.find((t) => t.TeamID === i.teamId)?.Code ?? ''} ${i.batting.length} batters, ${i.bowling.length} bowlers`,
      )
      .join('; ')}.${suggested ? ' The result is suggested from the totals: check it.' : ''}`;
    setStatus({ kind: notices.length ? 'info' : 'success', message: filled, notices });
  };

  return (
    <Card title="Paste a scorecard" headingLevel={2}>
      <div className={styles.stackBlock}>
        <TextArea
          label="Scorecard table (copied from a scorecard page or a spreadsheet)"
          hint="Each innings: the batting table with its header row (Batter, Dismissal, R, B, 4s, 6s), Extras, Total and Did not bat lines, then the bowling table (Bowler, O, M, R, W, WD, NB). Tabs or commas."
          className={styles.paste}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          rows={6}
          spellCheck={false}
        />
        <div>
          <Button type="button" variant="secondary" onClick={fill} disabled={pasted.trim() === ''}>
            Fill the scorecard
          </Button>
        </div>
        {status ? <FormStatus kind={status.kind} message={status.message} /> : null}
        {status?.notices.length ? (
          <ul className={styles.problems} aria-label="What the paste could not fill">
            {status.notices.map((n) => (
              <li key={n} className={styles.problem}>
                {n}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}
