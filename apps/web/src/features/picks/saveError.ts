import { messages } from '@fantasy-cricket/rules';
import { ApiError } from '../../app/api';
import { errorNotificationText } from '../../app/notify';

/**
 * The text of a failed save (spec section 8: 'Failed to save selections. Please try again.', server
 * error passed along). The generic handler passes on the message of a 400/401/403/404; the save's
 * documented refusals (409, and 422 for started fixtures, duplicates or invalid options) carry the
 * spec's own texts, so their message is passed on too. Anything else gets the fallback.
 */
export function saveErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 409 || error.status === 422) && error.serverMessage) {
    return error.serverMessage;
  }
  return errorNotificationText(error, messages.selections.saveFailed);
}
