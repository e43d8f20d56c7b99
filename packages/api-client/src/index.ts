export {
  activityMiddleware,
  createApiClient,
  errorMessage,
  isLoginFailure,
  login,
  LOGIN_FAILURE_MESSAGE,
  LoginFailedError,
  loginResultOrThrow,
  readCookie,
  XSRF_PRIME_PATH,
  xsrfMiddleware,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './client';
export type {
  ApiClient,
  ApiErrorBody,
  ApiHooks,
  CreateApiClientOptions,
  LoginFailure,
  LoginResult,
  LoginSuccess,
  XsrfOptions,
} from './client';
export type { components, operations, paths } from './generated/schema';
export { LIVE_EVENT_TYPES, subscribeLive } from './live';
export type { LiveEvent, LiveEventOf, LiveEventType, LiveMode, LiveSubscription, SubscribeLiveOptions } from './live';

import type { components } from './generated/schema';
/** Shorthand for a schema of the contract: `Schema<'UserProfile'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
