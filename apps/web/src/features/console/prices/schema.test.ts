import { describe, expect, it } from 'vitest';
import { isPrice, priceMessage, priceSchema } from './schema';

describe('price editor', () => {
  it('takes 1.0–20.0 credits in steps of 0.5, as the server does', () => {
    expect([1, 1.5, 8, 9.5, 20].every(isPrice)).toBe(true);
    expect([0.5, 20.5, 8.2, 8.25, Number.NaN, Number.POSITIVE_INFINITY].some(isPrice)).toBe(false);
  });

  it('says what it takes when the field is empty or off the grid', () => {
    const message = (price: string) => priceSchema.safeParse({ price }).error?.issues[0]?.message;
    expect(message(' 9.5 ')).toBeUndefined();
    expect(message('')).toBe(priceMessage);
    expect(message('8.3')).toBe(priceMessage);
    expect(message('abc')).toBe(priceMessage);
    expect(priceMessage).toBe('Enter a price from 1 to 20 credits, in steps of 0.5.');
  });
});
