import { commonMessages } from '@fantasy-cricket/rules';
import { type AppNotification, type NotificationKind, notificationAtom } from './atoms';
import { ApiError } from './api';
import { offlineMessages } from './offline/offline';
import { getAppStore } from './store';

/** Statuses whose server message is shown as is (spec section 8, generic handler). */
const STATUSES_WITH_SERVER_MESSAGE = new Set([400, 401, 403, 404]);

/**
 * The text of spec section 8's generic handler: a 400/401/403/404 carrying a server `error.message`
 * shows that message; anything else shows the fallback, or the generic unexpected-error text. A save
 * refused because the browser is offline shows `offlineMessages.saveRefused`.
 */
export function errorNotificationText(error: unknown, fallback?: string): string {
  // A save refused while offline says so, whatever the screen's fallback text.
  if (error instanceof ApiError && error.offline) return offlineMessages.saveRefused;
  if (error instanceof ApiError && STATUSES_WITH_SERVER_MESSAGE.has(error.status) && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback ?? commonMessages.unexpected;
}

let nextId = 1;

export function notify(kind: NotificationKind, message: string): AppNotification {
  const notification = { id: nextId++, kind, message };
  getAppStore().set(notificationAtom, notification);
  return notification;
}

/** Shows a success notification ('Success.' unless told otherwise). */
export function notifySuccess(message: string = commonMessages.success): void {
  notify('success', message);
}

/** Shows an error notification for a failed call, through the generic handler. */
export function notifyError(error: unknown, fallback?: string): void {
  notify('error', errorNotificationText(error, fallback));
}

export function clearNotification(): void {
  getAppStore().set(notificationAtom, null);
}
