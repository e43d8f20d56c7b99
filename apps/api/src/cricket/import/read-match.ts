import { CricsheetFormatError, unknownCricsheetFields } from './cricsheet-format';
import { type ParsedMatch, parseCricsheetMatch } from './parse';

/**
 * One Cricsheet file as read, before anything is written: parsed, or why it cannot be imported (the
 * JSON path of the fault for a malformed file), with the fields it has that the format as we know it
 * does not. Plain data, so that a worker thread can read files and hand the results over.
 */
export type ReadMatch = {
  id: string;
  source: string;
  unknownFields: string[];
} & ({ parsed: ParsedMatch } | { failure: { reason: string; path?: string } });

/** Reads one match's JSON (already parsed from text) as `importReadMatches` takes it. */
export function readCricsheetMatch(json: unknown, id: string, source: string): ReadMatch {
  let unknownFields: string[] = [];
  try {
    unknownFields = unknownCricsheetFields(json);
    return { id, source, unknownFields, parsed: parseCricsheetMatch(json, source, { matchId: id }) };
  } catch (e) {
    return {
      id,
      source,
      unknownFields,
      failure: {
        reason: (e as Error).message,
        ...(e instanceof CricsheetFormatError ? { path: e.path } : {}),
      },
    };
  }
}
