import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('puts zod in jitless mode, whether zod loads after it or was already loaded', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A schema made now parses without generated code (and still parses).
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
