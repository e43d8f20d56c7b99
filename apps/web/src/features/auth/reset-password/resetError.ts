import { messages } from '@fantasy-cricket/rules';
import { ApiError } from '../../../shared/api';

/** 'Password reset failed: {status} {statusText}. Please try again later.' (spec section 8). */
export function resetErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return messages.common.unexpected;
  return messages.reset.failed(error.status, error.statusText);
}

/** The server's own explanation of a 400 (e.g. an expired link), shown under the spec's text. */
export function resetErrorDetail(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 400 ? error.serverMessage : undefined;
}
