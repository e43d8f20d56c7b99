import { firstRefusedCharacter, messages, normalizeSingleLine } from '@fantasy-cricket/rules';

/**
 * The one rule for every name that comes in with cricket data (docs/decisions/0014-text-fields.md,
 * "Names that come with cricket data"): season, competition, stage, fixture, team and player names,
 * team codes, venues and cities — from schedule and squads files (console and CLI), results files and
 * the console's result form, Cricsheet matches (files, uploads, the scheduled fetch, live feeds), the
 * demo season and seasons created in the console. Whatever importer comes next (a data vendor's) calls
 * `importedName` on every name it reads, before the name reaches a query; the writers of seasons,
 * stages, teams, players and fixtures check again (`storedName`) and refuse a name that did not.
 *
 * The rule is a user's name's: normalised (NFC, every space separator an ordinary space, runs of
 * spaces one, the ends trimmed), then refused when empty or when it holds line breaks, tabs, control
 * characters or invisible formatting characters (bidirectional overrides, zero-width characters…),
 * with the joiners and emoji sequences real names need kept. Markup (`<img onerror=…>`) and formula
 * text (`=HYPERLINK(…)`) are not refused, as in user names: every screen shows text as text, emails
 * escape it, and the CSV export neutralises formulas.
 */

/** How a refusal names the field (the first word of the message). */
export type NameField =
  | 'Season'
  | 'Competition'
  | 'Stage'
  | 'Fixture name'
  | 'Team name'
  | 'Home team'
  | 'Away team'
  | 'Team code'
  | 'Home team code'
  | 'Away team code'
  | 'Player name'
  | 'Venue'
  | 'City'
  | 'Winner'
  | 'Super over winner'
  | 'Method'
  | 'Result'
  | 'Toss decision'
  | 'Dismissal'
  | 'Player of the match';

/** A name refused by `importedName`; its message names the field, the character and where it is. */
export class ImportedNameError extends Error {
  constructor(
    readonly field: NameField,
    message: string,
  ) {
    super(message);
    this.name = 'ImportedNameError';
  }
}

/** Printable ASCII words separated by single spaces: normalised and clean as they are. */
const PLAIN = /^[!-~]+(?: [!-~]+)*$/;

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A name from cricket data as it is stored: normalised, or `ImportedNameError` when it is empty or
 * holds a character a name may not hold, e.g. "Home team must not contain line breaks, tabs, control
 * characters or invisible formatting characters (U+000D at character 10)." — never the name itself,
 * which may hold what a report or a log line must not show.
 */
export function importedName(field: NameField, value: string): string {
  // Most names are printable ASCII words with single spaces: already what the rule would store.
  if (PLAIN.test(value)) return value;
  const name = normalizeSingleLine(value);
  if (name === '') throw new ImportedNameError(field, `${field} is empty.`);
  const refused = firstRefusedCharacter(name);
  if (refused) {
    const rule = messages.text.singleLine(field).replace(/\.$/, '');
    throw new ImportedNameError(field, `${rule} (${hex(refused.codePoint)} at character ${refused.position}).`);
  }
  return name;
}

/** `importedName` for an optional value: `undefined` stays `undefined`. */
export function optionalImportedName(field: NameField, value: string | undefined): string | undefined {
  return value === undefined ? undefined : importedName(field, value);
}

/**
 * The writers' check: `value` exactly as `importedName` stores it, or an error naming the field — a
 * name that reached a writer without going through `importedName` (a new importer that forgot it).
 */
export function storedName(field: NameField, value: string): string {
  if (importedName(field, value) !== value) {
    throw new ImportedNameError(field, `${field} was not normalised before it was written (spaces, Unicode form).`);
  }
  return value;
}

/** `storedName` for an optional value: `null` and `undefined` pass. */
export function optionalStoredName<T extends string | null | undefined>(field: NameField, value: T): T {
  if (value !== null && value !== undefined) storedName(field, value);
  return value;
}

/**
 * A value from a file quoted for a message (an unknown position, a start time that cannot be read):
 * in double quotes, with line breaks, control and invisible characters written as escapes (`\u{d}`), so
 * a report line never shows what the file hid in it.
 */
export function quoted(value: string): string {
  return `"${value.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)}"`;
}
