import { DISPLAY_NAME_MIN } from './constants';
import { messages } from './messages';
import { normalizeSingleLine, singleLineTextError } from './text';

/**
 * Joining a public league from its row (Join a League, Home's one-tap join): the trimmed gamer name
 * must have at least 3 characters and only characters a name may show (the same rule as the API's).
 * A module without zod schemas, so a screen that needs only this check does not load them.
 */
export function publicJoinError(leagueCode: string, displayName: string): string | undefined {
  const name = normalizeSingleLine(displayName);
  if (!leagueCode.trim() || name.length < DISPLAY_NAME_MIN) return messages.join.publicDisplayName;
  return singleLineTextError('Display Name', name);
}
