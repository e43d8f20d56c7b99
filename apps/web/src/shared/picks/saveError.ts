import { messages } from '@fantasy-cricket/rules';
import { errorNotificationText } from '../notify';

/**
 * The text of a failed save (spec section 8: 'Failed to save selections. Please try again.', server
 * error passed along): the generic handler shows the server's message for the save's refusals (400:
 * started fixtures, duplicates, invalid options, league not Active; 403: not an Approved member) and
 * the fallback for anything else.
 */
export function saveErrorText(error: unknown): string {
  return errorNotificationText(error, messages.selections.saveFailed);
}
