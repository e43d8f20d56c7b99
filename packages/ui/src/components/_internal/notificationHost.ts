import { useSyncExternalStore } from 'react';

/**
 * Where the NotificationBanner renders while a Modal is open.
 *
 * Radix Dialog marks everything outside an open modal `aria-hidden`, sets
 * `pointer-events: none` on the body and treats a press outside as "close".
 * A banner left outside would be unheard, untappable and would close the
 * dialog. So every open Modal registers a slot (just under its title bar) and
 * the banner moves into the top-most one: inside the dialog it is announced,
 * reachable by Tab and tappable, and it covers neither the title nor the close
 * button because it sits in the flow between them and the body.
 */
let hosts: HTMLElement[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function registerNotificationHost(element: HTMLElement): () => void {
  hosts = [...hosts, element];
  emit();
  return () => {
    hosts = hosts.filter((host) => host !== element);
    emit();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const top = () => hosts[hosts.length - 1] ?? null;
const none = () => null;

/** The slot of the top-most open Modal, or null when no Modal is open. */
export function useNotificationHost(): HTMLElement | null {
  return useSyncExternalStore(subscribe, top, none);
}

/**
 * The control the person used last (focused, or pressed on touch screens where
 * buttons do not take focus), so a notification can avoid covering it.
 */
let lastPressed: Element | null = null;
let tracking = false;

export function trackLastControl() {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener(
    'pointerdown',
    (event) => {
      lastPressed = event.target instanceof Element ? event.target : null;
    },
    { capture: true, passive: true },
  );
}

export function lastUsedControl(): Element | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) return active;
  return lastPressed?.isConnected ? lastPressed : null;
}
