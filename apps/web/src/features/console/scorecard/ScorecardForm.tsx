import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, FormErrorSummary, FormStatus } from '@fantasy-cricket/ui';
import { useMemo, useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { usePreviewScorecardMutation } from '../../../data/operator/scorecard-preview-mutation';
import { useSaveScorecardMutation } from '../../../data/operator/scorecard-save-mutation';
import type { ImportReport, ScorecardProblem, ScorecardSheet } from '../../../data/operator/types';
import { errorNotificationText } from '../../../shared/notify';
import * as consoleStyles from '../shared/console.css';
import { ImportReportView } from '../shared/ImportReportView';
import { InningsSection } from './InningsSection';
import { PastePanel } from './PastePanel';
import { PlayersSection } from './PlayersSection';
import { fieldId, formKeyOf, ProblemsContext, problemsByKey } from './problems';
import { ResultSection } from './ResultSection';
import * as styles from './scorecard.css';
import { emptyInnings, inputOf, type ScorecardValues, scorecardSchema, valuesOf } from './schema';

/** Takes the focus to a problem's field (a picker's trigger, an input, a row list or a squad). */
function focusField(path: string) {
  const el = document.getElementById(fieldId(formKeyOf(path)));
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  el.focus();
}

/** The server's problems, each a link to its field. */
function ProblemSummary({ problems }: { problems: readonly ScorecardProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className={styles.problems} aria-label="Problems to correct">
      {problems.map((p, i) => (
        <li key={`${p.Path}-${i}`} className={styles.problem}>
          <a
            href={`#${fieldId(formKeyOf(p.Path))}`}
            className={styles.problemLink}
            onClick={(event) => {
              event.preventDefault();
              focusField(p.Path);
            }}
          >
            {p.Message}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The scorecard of one fixture: paste a table or type it, innings by innings; who played; the toss,
 * result and player of the match. Check asks the server (which says what is wrong, field by field, or
 * what saving would change); Save checks, then saves when nothing is wrong.
 */
export function ScorecardForm({ sheet }: { sheet: ScorecardSheet }) {
  const methods = useForm<ScorecardValues>({
    resolver: zodResolver(scorecardSchema),
    defaultValues: valuesOf(sheet),
  });
  const { control, handleSubmit, formState } = methods;
  const innings = useFieldArray({ control, name: 'Innings' });
  const preview = usePreviewScorecardMutation();
  const save = useSaveScorecardMutation();
  const [problems, setProblems] = useState<ScorecardProblem[]>([]);
  const [report, setReport] = useState<{ title: string; report: ImportReport } | null>(null);
  const [formError, setFormError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const byKey = useMemo(() => problemsByKey(problems), [problems]);

  const send = async (values: ScorecardValues, andSave: boolean) => {
    setFormError(undefined);
    setStatus(undefined);
    const body = inputOf(values, sheet);
    try {
      const answer = await preview.mutateAsync({ fixtureId: sheet.FixtureID, body });
      setProblems(answer.Problems);
      if (answer.Problems.length > 0 || !answer.Report) {
        setReport(null);
        const n = answer.Problems.length;
        setFormError(
          `The scorecard is not right yet: ${n} ${n === 1 ? 'problem' : 'problems'}, each shown at its field.`,
        );
        return;
      }
      if (!andSave) {
        setReport({ title: 'What saving changes', report: answer.Report });
        setStatus('The scorecard adds up. Saving it changes what is listed below.');
        return;
      }
      const saved = await save.mutateAsync({ fixtureId: sheet.FixtureID, body });
      setReport({ title: 'Scorecard saved', report: saved });
      const changed = saved.RescoredFixtureIDs.length > 0;
      const message = changed
        ? `${sheet.Name}: scorecard saved and scored.`
        : `${sheet.Name}: nothing changed, this scorecard was saved already.`;
      setStatus(message);
    } catch (error) {
      setFormError(errorNotificationText(error, 'The scorecard could not be checked. Please try again.'));
    }
  };
  const invalid = () => {
    setStatus(undefined);
    setFormError('Please correct the highlighted fields.');
  };
  const busy = preview.isPending || save.isPending || formState.isSubmitting;
  const regular = innings.fields.filter((f) => !f.SuperOver).length;

  return (
    <FormProvider {...methods}>
      <ProblemsContext.Provider value={byKey}>
        <PastePanel sheet={sheet} />
        <form
          noValidate
          className={consoleStyles.stack}
          aria-label={`Scorecard of ${sheet.Name}`}
          onSubmit={handleSubmit((v) => send(v, true), invalid)}
        >
          {innings.fields.map((f, i) => {
            const superOver = f.SuperOver;
            const number = innings.fields.slice(0, i + 1).filter((g) => g.SuperOver === superOver).length;
            return (
              <InningsSection
                key={f.id}
                index={i}
                number={number}
                sheet={sheet}
                onRemove={superOver || i >= 2 ? () => innings.remove(i) : undefined}
              />
            );
          })}
          <div className={consoleStyles.actions}>
            {regular < 2 ? (
              <Button type="button" variant="secondary" onClick={() => innings.append(emptyInnings())}>
                Add an innings
              </Button>
            ) : null}
            <Button type="button" variant="secondary" onClick={() => innings.append(emptyInnings('', true))}>
              Add a super over
            </Button>
          </div>
          <PlayersSection sheet={sheet} />
          <ResultSection sheet={sheet} />
          <Card>
            <div className={styles.stackBlock}>
              <FormErrorSummary message={formError} />
              <ProblemSummary problems={problems} />
              <FormStatus message={status} />
              <div className={consoleStyles.actions}>
                <Button
                  type="button"
                  variant="secondary"
                  loading={preview.isPending && !save.isPending}
                  disabled={busy}
                  onClick={handleSubmit((v) => send(v, false), invalid)}
                >
                  Check
                </Button>
                <Button type="submit" loading={save.isPending} disabled={busy}>
                  Save scorecard
                </Button>
              </div>
            </div>
          </Card>
        </form>
        {report ? <ImportReportView report={report.report} title={report.title} headingLevel={2} linkToRun /> : null}
      </ProblemsContext.Provider>
    </FormProvider>
  );
}
