import { messages } from '@fantasy-cricket/rules';
import { describe, expect, it } from 'vitest';
import { createSeasonSchema } from './schema';

describe('new-season form', () => {
  it('refuses invisible formatting characters in the name and competition, as the server does', () => {
    const first = (values: Record<string, string>) =>
      createSeasonSchema.safeParse({ name: 'IPL 2025', competition: 'Indian Premier League', year: '2025', ...values })
        .error?.issues[0]?.message;
    expect(first({})).toBeUndefined();
    expect(first({ name: 'IPL\u202e 2025' })).toBe(messages.text.singleLine('Season'));
    expect(first({ competition: 'Indian\u200bPremier League' })).toBe(messages.text.singleLine('Competition'));
    expect(first({ name: 'IPL\u00a02025' })).toBeUndefined();
  });
});
