import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, FormErrorSummary, Stepper, Text, TextLink } from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { type DataFileKind, useDataFileMutation } from '../../../data/operator/data-file-mutation';
import type { ImportReport, UploadedFile } from '../../../data/operator/types';
import { errorNotificationText, notifySuccess } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as styles from '../shared/console.css';
import { FileField } from '../shared/FileField';
import { toUploadedFile } from '../shared/files';
import { ImportReportView } from '../shared/ImportReportView';
import { type DataFileValues, dataFileSchema } from './schema';

const STEPS = ['Upload', 'Preview', 'Applied'] as const;
const kindNames: Record<DataFileKind, string> = { schedule: 'Schedule', squads: 'Squads' };

/** Whether a previewed file can be applied: no line in conflict or failed. */
export function canApply(report: ImportReport): boolean {
  return report.Lines.every((line) => line.Status !== 'conflict' && line.Status !== 'failed');
}

type Stage =
  | { step: 0 }
  | { step: 1; kind: DataFileKind; file: UploadedFile; preview: ImportReport }
  | { step: 2; kind: DataFileKind; applied: ImportReport };

/**
 * Schedule & squads (/console/schedule): choose the kind and a JSON or CSV file, preview what it
 * would change (nothing is written), then apply it in one transaction. Apply is offered only when no
 * line is in conflict or failed.
 */
export function ScheduleSquadsPage() {
  const [stage, setStage] = useState<Stage>({ step: 0 });
  const [formError, setFormError] = useState<string>();
  const dataFile = useDataFileMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DataFileValues>({ resolver: zodResolver(dataFileSchema), defaultValues: { kind: 'schedule' } });

  const preview = async (values: DataFileValues) => {
    setFormError(undefined);
    const chosen = values.files.item(0);
    if (!chosen) return;
    try {
      const file = await toUploadedFile(chosen);
      const report = await dataFile.mutateAsync({ kind: values.kind, file, apply: false });
      setStage({ step: 1, kind: values.kind, file, preview: report });
    } catch (error) {
      setFormError(errorNotificationText(error, 'The file could not be previewed. Please try again.'));
    }
  };

  const apply = async () => {
    if (stage.step !== 1) return;
    setFormError(undefined);
    try {
      const report = await dataFile.mutateAsync({ kind: stage.kind, file: stage.file, apply: true });
      setStage({ step: 2, kind: stage.kind, applied: report });
      notifySuccess(
        `${kindNames[stage.kind]} applied${report.ImportRunID ? ` (run ${report.ImportRunID} in the import history)` : ''}.`,
      );
    } catch (error) {
      setFormError(errorNotificationText(error, 'The file could not be applied. Nothing was changed.'));
    }
  };

  const startOver = () => {
    reset({ kind: stage.step === 0 ? 'schedule' : stage.kind });
    setFormError(undefined);
    setStage({ step: 0 });
  };

  return (
    <Page
      title="Schedule & squads"
      intro="Upload a schedule or squads file (JSON or CSV), see what it would change, then apply it."
      width="wide"
    >
      <Stepper steps={STEPS} current={stage.step} label="Upload steps" />
      {stage.step === 0 ? (
        <Card title="Choose a file">
          <form
            noValidate
            className={styles.stack}
            onSubmit={handleSubmit(preview, () => setFormError(messages.common.checkForm))}
          >
            <FormErrorSummary message={formError} />
            <fieldset className={styles.radios}>
              <legend className={styles.label}>The file holds</legend>
              {(['schedule', 'squads'] as const).map((kind) => (
                <label key={kind} className={styles.radio}>
                  <input type="radio" value={kind} {...register('kind')} />
                  {kindNames[kind]}
                </label>
              ))}
            </fieldset>
            <FileField
              label="File (JSON or CSV)"
              accept=".json,.csv,application/json,text/csv"
              error={errors.files?.message}
              registration={register('files')}
            />
            <div className={styles.actions}>
              <Button type="submit" loading={isSubmitting}>
                Preview
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
      {stage.step === 1 ? (
        <Card>
          <div className={styles.stack}>
            <FormErrorSummary message={formError} />
            <ImportReportView report={stage.preview} title={`Preview: ${stage.file.FileName}`} />
            {canApply(stage.preview) ? (
              <Text size="sm" tone="muted">
                Nothing has been written yet. Apply writes every line in one go.
              </Text>
            ) : (
              <Text size="sm" tone="error">
                Lines in conflict or failed: fix the file and preview it again. Nothing can be applied.
              </Text>
            )}
            <div className={styles.actions}>
              <Button onClick={() => void apply()} disabled={!canApply(stage.preview)} loading={dataFile.isPending}>
                Apply
              </Button>
              <Button variant="secondary" onClick={startOver} disabled={dataFile.isPending}>
                Choose another file
              </Button>
            </div>
          </div>
        </Card>
      ) : null}
      {stage.step === 2 ? (
        <Card>
          <div className={styles.stack}>
            <ImportReportView report={stage.applied} title={`${kindNames[stage.kind]} applied`} />
            {stage.applied.ImportRunID ? (
              <Text>
                <TextLink asChild>
                  <Link to={`/console/imports/${stage.applied.ImportRunID}`}>
                    See run {stage.applied.ImportRunID} in the import history
                  </Link>
                </TextLink>
              </Text>
            ) : null}
            <div className={styles.actions}>
              <Button variant="secondary" onClick={startOver}>
                Upload another file
              </Button>
            </div>
          </div>
        </Card>
      ) : null}
    </Page>
  );
}
