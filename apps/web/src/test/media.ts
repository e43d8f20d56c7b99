import { vi } from 'vitest';

/** A phone-wide window for the rest of the test: the kit's `belowSm` query (below 600px) matches. */
export function phoneWindow() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width: 599.98px'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}
