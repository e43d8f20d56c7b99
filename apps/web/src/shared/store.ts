import { createStore } from 'jotai';

type AppStore = ReturnType<typeof createStore>;

let store: AppStore = createStore();
const resetListeners = new Set<() => void>();

/**
 * The one jotai store of the app. Code outside React (the api client's activity hook, the
 * notification helpers) writes to it; the app's <Provider> reads from it.
 */
export function getAppStore(): AppStore {
  return store;
}

/** Registers module state that must be reset along with the store (used by tests). */
export function onAppStoreReset(listener: () => void): void {
  resetListeners.add(listener);
}

/** A fresh store and fresh module state: tests call this before each render. */
export function resetAppStore(): AppStore {
  store = createStore();
  for (const listener of resetListeners) listener();
  return store;
}
