/**
 * JSON as the live tables store it: written with sorted keys (`stableJson`, so two equal values give
 * equal text whatever order their keys were built in) and read back from jsonb columns, which a
 * driver may hand over as text or as a parsed value (`readJson`).
 */

/** JSON with sorted keys: jsonb does not keep the order keys were sent in. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether two values are the same JSON (key order aside). */
export const sameJson = (a: unknown, b: unknown): boolean => stableJson(a) === stableJson(b);

/** A jsonb column's value: parsed when the driver gave it as text (the one reader, `db/parse.ts`). */
export { parseJson as readJson } from '../../db/parse';
