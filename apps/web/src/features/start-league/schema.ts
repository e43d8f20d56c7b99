import type { Schema } from '@fantasy-cricket/api-client';
import { type StartLeagueForm, startLeagueFormSchema } from '@fantasy-cricket/rules';

/** Start League rules from @fantasy-cricket/rules (spec section 5). */
export const schema = startLeagueFormSchema;
export type StartLeagueValues = StartLeagueForm;

export const defaultValues: StartLeagueValues = {
  leagueName: '',
  description: '',
  isPrivate: false,
  showOthersPicks: false,
  leagueTypeId: '',
  series: '',
  displayName: '',
};

type SeriesOption = Schema<'SeriesOption'>;

/** The select's value for a series: season and (optional) stage, e.g. "12:3" or "12:". */
export function seriesValue(option: SeriesOption): string {
  return `${option.SeasonID}:${option.StageID ?? ''}`;
}

/** The label is the stage name when the option is a stage, else the season name. */
export function seriesLabel(option: SeriesOption): string {
  return option.StageID !== null && option.StageName ? option.StageName : option.SeasonName;
}

export function parseSeries(value: string): { SeasonID: number; StageID?: number } {
  const [season = '', stage = ''] = value.split(':');
  return stage ? { SeasonID: Number(season), StageID: Number(stage) } : { SeasonID: Number(season) };
}
