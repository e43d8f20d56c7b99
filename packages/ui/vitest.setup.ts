import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
});

// happy-dom performs real network requests; the kit never needs one in unit tests.
vi.stubGlobal(
  'fetch',
  vi.fn(async () => new Response(null, { status: 204 })),
);
