import { Button, FormErrorSummary, QueryState, Select, Text, TextLink } from '@fantasy-cricket/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { queryState } from '../../../data/query-state';
import type { VendorCompetitionReport, VendorStatus } from '../../../data/operator/types';
import { useVendorCompetitionMutation } from '../../../data/operator/vendor-competition-mutation';
import { useVendorCompetitionsQuery } from '../../../data/operator/vendor-competitions-query';
import { errorNotificationText, notifySuccess } from '../../../shared/notify';
import { canApply } from '../schedule/ScheduleSquadsPage';
import * as styles from '../shared/console.css';
import { ImportReportView } from '../shared/ImportReportView';

/**
 * A competition of the vendor: chosen from its live and upcoming ones, previewed (the schedule and the
 * squads, line by line, nothing written) and applied in one go; the sync then keeps it up to date.
 */
export function CompetitionPanel({ status }: { status: VendorStatus }) {
  const competitions = useVendorCompetitionsQuery(status.Vendor, status.Configured);
  const mutation = useVendorCompetitionMutation();
  const [chosen, setChosen] = useState(status.Competition?.CompetitionID ?? '');
  const [preview, setPreview] = useState<VendorCompetitionReport>();
  const [applied, setApplied] = useState<VendorCompetitionReport>();
  const [formError, setFormError] = useState<string>();

  const run = async (apply: boolean) => {
    setFormError(undefined);
    try {
      const report = await mutation.mutateAsync({ vendor: status.Vendor, competitionId: chosen, apply });
      if (apply) {
        setApplied(report);
        setPreview(undefined);
        notifySuccess(
          `${report.Competition.Name} ${report.Competition.Season} applied: ${status.Title} keeps it up to date.`,
        );
      } else {
        setPreview(report);
        setApplied(undefined);
      }
    } catch (error) {
      setFormError(
        errorNotificationText(
          error,
          apply ? 'Nothing was applied. Please try again.' : 'The preview failed. Please try again.',
        ),
      );
    }
  };
  const applicable = preview ? canApply(preview.Schedule) && canApply(preview.Squads) : false;

  return (
    <div className={styles.stack}>
      <FormErrorSummary message={formError} />
      <QueryState
        {...queryState(competitions)}
        loadingText={`Asking ${status.Title} for its competitions…`}
        errorMessage={errorNotificationText(
          competitions.error,
          'The competitions could not be loaded. Please try again.',
        )}
      >
        {() => (
          <div className={styles.row}>
            <Select
              label="Competition"
              placeholder="Choose a competition"
              value={chosen}
              onValueChange={(value) => {
                setChosen(value);
                setPreview(undefined);
              }}
              options={(competitions.data ?? []).map((c) => ({
                value: c.CompetitionID,
                label: `${c.Name} ${c.Season}`,
                ...(c.Format ? { description: c.Format.toUpperCase() } : {}),
              }))}
            />
            <Button
              variant="secondary"
              disabled={!chosen}
              loading={mutation.isPending && !preview}
              onClick={() => void run(false)}
            >
              Preview
            </Button>
          </div>
        )}
      </QueryState>
      {preview ? (
        <div className={styles.stack}>
          <Text size="sm">
            Season <strong>{preview.SeasonName}</strong>: nothing has been written yet.
          </Text>
          <ImportReportView report={preview.Schedule} title="Schedule" headingLevel={3} />
          <ImportReportView report={preview.Squads} title="Squads" headingLevel={3} />
          {applicable ? null : (
            <Text size="sm" tone="error">
              Lines in conflict or failed: nothing can be applied until they are resolved.
            </Text>
          )}
          <div className={styles.actions}>
            <Button disabled={!applicable} loading={mutation.isPending} onClick={() => void run(true)}>
              Apply
            </Button>
          </div>
        </div>
      ) : null}
      {applied ? (
        <div className={styles.stack}>
          <Text size="sm">
            Applied to <strong>{applied.SeasonName}</strong>.{' '}
            {applied.Schedule.ImportRunID ? (
              <TextLink asChild>
                <Link to={`/console/imports/${applied.Schedule.ImportRunID}`}>See the schedule's run</Link>
              </TextLink>
            ) : null}
          </Text>
        </div>
      ) : null}
    </div>
  );
}
