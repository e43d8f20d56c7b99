import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAppStore } from '../shared/store';

/**
 * happy-dom would really fetch (STACK.md gotcha 6): every test starts with a fetch that fails
 * loudly, and replaces it with `mockApi(...)` for the calls it expects.
 */
// Screens are lazy chunks; the first import of one in a run can take a moment to transform.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      throw new Error(`Unexpected fetch in a test: ${url}`);
    }),
  );
  // A browser that has talked to the API has its XSRF-TOKEN cookie (any answer sets it); without one the
  // client would first call GET /api/session for it (packages/api-client, xsrfMiddleware).
  // biome-ignore lint/suspicious/noDocumentCookie: the XSRF middleware reads document.cookie
  document.cookie = 'XSRF-TOKEN=test-xsrf-token';
  localStorage.clear();
  sessionStorage.clear();
  resetAppStore();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
