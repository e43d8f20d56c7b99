import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: codes are read aloud and typed by hand. */
export const LEAGUE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LEAGUE_CODE_LENGTH = 8;

export function generateLeagueCode(): string {
  let code = '';
  for (let i = 0; i < LEAGUE_CODE_LENGTH; i++) code += LEAGUE_CODE_ALPHABET[randomInt(LEAGUE_CODE_ALPHABET.length)];
  return code;
}

/** What a person typed, as stored: trimmed, upper case, inner spaces and dashes dropped. */
export function normaliseLeagueCode(input: string): string {
  return input.trim().toUpperCase().replace(/[\s-]/g, '');
}
