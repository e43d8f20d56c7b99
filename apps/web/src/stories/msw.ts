import type { Loader } from '@storybook/react-vite';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { type SetupWorker, setupWorker } from 'msw/browser';

/**
 * `parameters.msw` of a story: the API answers it gets. Named groups (`{ leagues: [...], fixtures: [...] }`)
 * let a story replace one group of its meta's handlers and keep the rest (Storybook merges parameters
 * objects key by key, but replaces arrays).
 */
export interface MswParameters {
  handlers: RequestHandler[] | Record<string, RequestHandler[]>;
}

/**
 * Answers every screen story gets unless its own handlers say otherwise (they come first): the signed-in
 * shell asks whether the user is a site operator (for its "Operator console" link) — not one — and reads
 * the user's leagues (for the join requests waiting on League Members) — none.
 */
const defaults: RequestHandler[] = [
  http.get('/api/operator/status', () => HttpResponse.json({ Operator: false })),
  http.get('/api/league/userLeagues/:userId', () => HttpResponse.json({ data: [] })),
];

let worker: SetupWorker | undefined;
let started: Promise<unknown> | undefined;

/**
 * Where the worker script is served from (`staticDirs` in .storybook/main.ts): beside iframe.html in
 * Storybook (so a static build under a sub-path works too), at the root under Vitest's browser runner.
 */
function workerUrl(): string {
  return window.location.pathname.endsWith('/iframe.html') ? './mockServiceWorker.js' : '/mockServiceWorker.js';
}

/**
 * Storybook loader (registered in .storybook/preview.tsx): for a story with `parameters.msw`, starts the
 * mock service worker once and installs that story's handlers, replacing the previous story's. Stories
 * without it (the kit's) never start the worker; if it is running, it is left with no handlers, so their
 * requests reach the network as usual.
 */
export const mswLoader: Loader = async ({ parameters }) => {
  const msw: MswParameters | undefined = parameters.msw;
  if (!msw) {
    worker?.resetHandlers();
    return;
  }
  // The XSRF-TOKEN cookie a browser has once it has talked to the API; without it the client would first
  // call GET /api/session for one (packages/api-client), which the story's handlers do not answer.
  // biome-ignore lint/suspicious/noDocumentCookie: the API client reads document.cookie
  document.cookie = 'XSRF-TOKEN=storybook-xsrf-token; path=/';
  worker ??= setupWorker();
  started ??= worker.start({
    quiet: true,
    // Vite's modules, fonts and the like pass through; an API call without a handler is reported.
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).pathname.startsWith('/api/')) print.error();
    },
    serviceWorker: { url: workerUrl() },
  });
  await started;
  worker.resetHandlers(
    ...(Array.isArray(msw.handlers) ? msw.handlers : Object.values(msw.handlers).flat()),
    ...defaults,
  );
};
