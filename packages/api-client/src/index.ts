export {
  activityMiddleware,
  createApiClient,
  errorMessage,
  readCookie,
  xsrfMiddleware,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './client';
export type { ApiClient, ApiErrorBody, ApiHooks, CreateApiClientOptions } from './client';
export type { components, operations, paths } from './generated/schema';
export { LIVE_EVENT_TYPES, subscribeLive } from './live';
export type { LiveEvent, LiveEventOf, LiveEventType, LiveMode, LiveSubscription, SubscribeLiveOptions } from './live';

import type { components } from './generated/schema';
/** Shorthand for a schema of the contract: `Schema<'UserProfile'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
