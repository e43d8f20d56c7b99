/**
 * Column values as the driver hands them back. `pg` and PGlite both parse `json`/`jsonb` and `int[]`
 * results; a driver that does not (or a value cast to text) gives their text, which these parse the
 * same way, so every reader of such a column answers alike on both databases.
 */

/** A `json`/`jsonb` value: parsed already, or its text. */
export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** An `int[]` value: an array already, its text (`{1,2,3}`), or null (an empty aggregate). */
export function parseIntArray(value: unknown): number[] {
  if (value === null || value === undefined) return [];
  const items = Array.isArray(value) ? value : String(value).replace(/[{}]/g, '').split(',').filter(Boolean);
  return items.map(Number);
}
