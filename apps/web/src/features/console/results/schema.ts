import type { components } from '@fantasy-cricket/api-client';
import { z } from 'zod';
import { formatBytes, RESULTS_UPLOAD_MAX_BYTES } from '../shared/files';

const isFileList = (value: unknown): value is FileList =>
  typeof value === 'object' && value !== null && 'length' in value && 'item' in value;

const filesOf = (list: FileList): File[] => Array.from({ length: list.length }, (_, i) => list.item(i) as File);

/** The Cricsheet upload: one or many match files (.json) or zips of them, at most 500. */
export const uploadSchema = z.object({
  files: z
    .custom<FileList>((value) => isFileList(value) && value.length > 0, 'Choose one or more Cricsheet files.')
    .refine((list) => list.length <= 500, 'At most 500 files at once.')
    .refine(
      (list) => filesOf(list).every((file) => /\.(json|zip)$/i.test(file.name)),
      'Choose Cricsheet match files (.json) or zips of them.',
    )
    .refine(
      (list) => filesOf(list).reduce((sum, file) => sum + file.size, 0) <= RESULTS_UPLOAD_MAX_BYTES,
      `The files are too large together: at most ${formatBytes(RESULTS_UPLOAD_MAX_BYTES)} at once.`,
    ),
});
export type UploadValues = z.infer<typeof uploadSchema>;
export { filesOf };

type FixtureResultRequest = components['schemas']['FixtureResultRequest'];

/** Correct a result (FixtureResultRequest with Status `completed`). Numbers are typed as text. */
export const correctionSchema = z
  .object({
    outcome: z.enum(['win', 'tie']),
    winner: z.string(),
    marginKind: z.enum(['runs', 'wickets']),
    margin: z.string().trim(),
    method: z.string().trim().max(20, 'At most 20 characters.'),
    superOverWinner: z.string(),
    players: z.array(z.string()).max(3, 'Choose at most 3 players of the match.'),
  })
  .superRefine((values, ctx) => {
    if (values.outcome === 'tie') return;
    if (!values.winner) ctx.addIssue({ code: 'custom', path: ['winner'], message: 'Choose the winning team.' });
    const max = values.marginKind === 'runs' ? 1000 : 10;
    if (values.margin !== '') {
      const n = Number(values.margin);
      if (!/^\d+$/.test(values.margin) || n > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['margin'],
          message: `Enter a whole number of ${values.marginKind} from 0 to ${max}.`,
        });
      }
    }
  });
export type CorrectionValues = z.infer<typeof correctionSchema>;

export const correctionDefaults: CorrectionValues = {
  outcome: 'win',
  winner: '',
  marginKind: 'runs',
  margin: '',
  method: '',
  superOverWinner: '',
  players: [],
};

/**
 * The form's values for a fixture's stored result (`OperatorFixture.Current`), so a correction starts
 * from what is there: a completed result as it stands; anything else (no result yet, no result,
 * abandoned) starts empty.
 */
export function correctionValuesOf(current: FixtureResultRequest | null | undefined): CorrectionValues {
  if (current?.Status !== 'completed') return correctionDefaults;
  const runs = current.WonByRuns ?? null;
  const wickets = current.WonByWickets ?? null;
  return {
    outcome: current.Tie ? 'tie' : 'win',
    winner: current.WinnerTeamID ? String(current.WinnerTeamID) : '',
    marginKind: runs === null && wickets !== null ? 'wickets' : 'runs',
    margin: runs !== null ? String(runs) : wickets !== null ? String(wickets) : '',
    method: current.Method ?? '',
    superOverWinner: current.SuperOverWinnerTeamID ? String(current.SuperOverWinnerTeamID) : '',
    players: (current.PlayerOfMatchIDs ?? []).map(String),
  };
}
