import { basename } from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { ParsedMatch } from './parse';

/**
 * The content identity of a match: season, slot (match number, or a playoff's name), first date and
 * the two teams (either order). Two files with the same key are the same match, whatever their file
 * names (a corrected file saved as `<id>-v2.json` beside `<id>.json`). A replay is played on another
 * date, so its attempts have different keys (the replay rule in write.ts makes them one fixture).
 */
export function matchKey(p: ParsedMatch): string {
  const slot = p.matchNumber !== null ? `#${p.matchNumber}` : p.stageName === 'Playoffs' ? p.fixtureName : '';
  const teams = [...p.teams].sort();
  return JSON.stringify([p.seasonName, slot, p.date, teams[0], teams[1]]);
}

/** How a match key reads in a message: `IPL 2024, Match 12, 2024-04-01, A v B`. */
function describe(p: ParsedMatch): string {
  return `${p.seasonName}, ${p.fixtureName}, ${p.date}, ${p.teams[0]} v ${p.teams[1]}`;
}

/** A file the duplicate check keeps out of the import, with why. */
export interface DuplicateSkip {
  match: ParsedMatch;
  status: 'conflict' | 'superseded';
  reason: string;
  /** The file name of the other file of the same match. */
  duplicateOf: string;
}

export interface DuplicatePlan {
  /** The matches to import, in their order. */
  toImport: ParsedMatch[];
  skipped: DuplicateSkip[];
  /**
   * Preferred files that replace another file's import of the same match (match id -> the match id
   * it replaces): imported as a correction of that match's fixture (`writeMatch` option `corrects`).
   */
  corrects: Map<string, string>;
  /** For each match of `corrects`: the file name of the import it replaces. */
  replacedFiles: Map<string, string>;
}

interface ImportRow {
  cricsheet_match_id: string;
  fixture_id: number;
  match_key: string | null;
  superseded_by: string | null;
  source: string;
}

/** Whether `prefer` (file names, paths or match ids) names the file of `p`. */
function isPreferred(p: ParsedMatch, prefer: readonly string[]): boolean {
  return prefer.some((x) => basename(x).replace(/\.json$/i, '') === p.matchId);
}

const fileName = (source: string) => basename(source);

/**
 * Finds the files of one run that are the same match (by `matchKey`) as another file of the run or
 * as a match imported before under another match id, and decides which one holds the match:
 * 1. the file the operator prefers (`prefer`), imported as a correction of the match's fixture when
 *    another file's import holds it;
 * 2. else the file already imported (the lowest match id if, from before this check, several were);
 * 3. else the lowest match id of the run (numeric order: `1426312` before `1426312-v2`).
 * Every other file of the match is a `conflict` and writes nothing. A file the operator replaced in an
 * earlier run (`superseded_by`) is skipped as `superseded` unless preferred again. Also records the
 * key of every file of the run that was imported before (imports older than migration 0009 have none).
 */
export async function planDuplicates(
  db: Kysely<DB>,
  parsed: readonly ParsedMatch[],
  prefer: readonly string[] = [],
): Promise<DuplicatePlan> {
  const keyOf = new Map(parsed.map((p) => [p.matchId, matchKey(p)]));
  const rows = new Map<string, ImportRow>();
  const ids = [...keyOf.keys()];
  const keys = [...new Set(keyOf.values())];
  for (let i = 0; i < Math.max(ids.length, keys.length); i += 5000) {
    const idPart = ids.slice(i, i + 5000);
    const keyPart = keys.slice(i, i + 5000);
    const found = await db
      .selectFrom('cricsheet_imports')
      .select(['cricsheet_match_id', 'fixture_id', 'match_key', 'superseded_by', 'source'])
      .where((eb) =>
        eb.or([
          ...(idPart.length ? [eb('cricsheet_match_id', 'in', idPart)] : []),
          ...(keyPart.length ? [eb('match_key', 'in', keyPart)] : []),
        ]),
      )
      .execute();
    for (const r of found) rows.set(r.cricsheet_match_id, r);
  }

  // Keys of earlier imports whose file is in this run: the file says what they are.
  const stale = parsed.filter((p) => {
    const r = rows.get(p.matchId);
    return r !== undefined && r.match_key !== keyOf.get(p.matchId);
  });
  for (let i = 0; i < stale.length; i += 10_000) {
    const part = stale.slice(i, i + 10_000); // two bind parameters a row, within PostgreSQL's 65,535
    const values = sql.join(part.map((p) => sql`(${p.matchId}::text, ${keyOf.get(p.matchId)!}::text)`));
    await sql`UPDATE cricsheet_imports i SET match_key = v.key FROM (VALUES ${values}) AS v(id, key)
              WHERE i.cricsheet_match_id = v.id`.execute(db);
  }

  const collator = new Intl.Collator('en', { numeric: true });
  const skipped: DuplicateSkip[] = [];
  const skippedIds = new Set<string>();
  const corrects = new Map<string, string>();
  const replacedFiles = new Map<string, string>();
  const skip = (s: DuplicateSkip) => {
    skipped.push(s);
    skippedIds.add(s.match.matchId);
  };

  // The run's files by key, and the earlier imports of other files with those keys.
  const runByKey = new Map<string, ParsedMatch[]>();
  for (const p of parsed) {
    const r = rows.get(p.matchId);
    if (r?.superseded_by && !isPreferred(p, prefer)) {
      const by = rows.get(r.superseded_by);
      const other = by ? fileName(by.source) : `${r.superseded_by}.json`;
      skip({
        match: p,
        status: 'superseded',
        duplicateOf: other,
        reason: `${fileName(p.source)} and ${other} are the same match (${describe(p)}); ${other} was chosen (--prefer) and holds it`,
      });
      continue;
    }
    const k = keyOf.get(p.matchId)!;
    runByKey.set(k, [...(runByKey.get(k) ?? []), p]);
  }
  const inRun = new Set(ids);
  const earlierByKey = new Map<string, ImportRow[]>();
  for (const r of rows.values()) {
    if (inRun.has(r.cricsheet_match_id) || r.superseded_by || r.match_key === null) continue;
    earlierByKey.set(r.match_key, [...(earlierByKey.get(r.match_key) ?? []), r]);
  }

  for (const [k, files] of runByKey) {
    // Earlier imports holding this match: other files' (not in the run) and the run's own files'.
    const earlier = [
      ...(earlierByKey.get(k) ?? []),
      ...files.flatMap((p) => {
        const r = rows.get(p.matchId);
        return r && !r.superseded_by ? [r] : [];
      }),
    ].sort((a, b) => collator.compare(a.cricsheet_match_id, b.cricsheet_match_id));
    const others = earlierByKey.get(k) ?? [];
    if (files.length + others.length < 2) continue;

    const preferred = files.filter((p) => isPreferred(p, prefer));
    const imported = earlier[0];
    // A preferred file that already holds a fixture of its own beside the imported one (both imported
    // before duplicates were recognised) cannot take over the other fixture: it stays a conflict.
    const chosen = preferred.length === 1 ? preferred[0]! : undefined;
    const chosenRow = chosen ? rows.get(chosen.matchId) : undefined;
    const twoFixtures =
      imported !== undefined &&
      chosenRow !== undefined &&
      !chosenRow.superseded_by &&
      chosenRow.cricsheet_match_id !== imported.cricsheet_match_id &&
      chosenRow.fixture_id !== imported.fixture_id;
    let holder: ParsedMatch | ImportRow;
    if (chosen && !twoFixtures) holder = chosen;
    else if (imported) holder = files.find((p) => p.matchId === imported.cricsheet_match_id) ?? imported;
    else holder = [...files].sort((a, b) => collator.compare(a.matchId, b.matchId))[0]!;
    const holderId = 'matchId' in holder ? holder.matchId : holder.cricsheet_match_id;
    const holderFile = fileName(holder.source);

    // A preferred file replacing another file's import: that import is superseded.
    if (imported && imported.cricsheet_match_id !== holderId) {
      corrects.set(holderId, imported.cricsheet_match_id);
      replacedFiles.set(holderId, fileName(imported.source));
      const replaced = files.find((p) => p.matchId === imported.cricsheet_match_id);
      if (replaced) {
        skip({
          match: replaced,
          status: 'superseded',
          duplicateOf: holderFile,
          reason: `${fileName(replaced.source)} and ${holderFile} are the same match (${describe(replaced)}); ${holderFile} was chosen (--prefer) and replaces it`,
        });
      }
    }
    for (const p of files) {
      if (p.matchId === holderId || skippedIds.has(p.matchId)) continue;
      // Both imported, as two fixtures, before duplicates were recognised (before migration 0009).
      const own = rows.get(p.matchId);
      const before =
        own && !own.superseded_by
          ? `; it was imported before duplicates were recognised, as fixture ${own.fixture_id}: delete that fixture to count the match once (docs/data.md)`
          : '';
      skip({
        match: p,
        status: 'conflict',
        duplicateOf: holderFile,
        reason: `${fileName(p.source)} and ${holderFile} are the same match (${describe(p)}): not imported, ${holderFile} holds it; to import ${fileName(p.source)} instead, as a correction of that match, run again with --prefer ${fileName(p.source)}${before}`,
      });
    }
  }
  return { toImport: parsed.filter((p) => !skippedIds.has(p.matchId)), skipped, corrects, replacedFiles };
}
