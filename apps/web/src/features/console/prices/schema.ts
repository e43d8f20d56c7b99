import { formatCredits, TEAM_RULE_LIMITS } from '@fantasy-cricket/rules';
import { z } from 'zod';

const { min, max, step } = TEAM_RULE_LIMITS.price;

/** What the price field asks for: the range and grid the server accepts (openapi.yaml, setFixturePrice). */
export const priceMessage = `Enter a price from ${formatCredits(min)} to ${formatCredits(max)} credits, in steps of ${formatCredits(step)}.`;

/** Said above the table while prices can change. */
export const priceHint = `Prices are credits for the budgets of Player Selection teams, from ${formatCredits(min)} to ${formatCredits(max)} in steps of ${formatCredits(step)}. An operator’s price replaces the one from form until the fixture starts.`;

/** Whether `credits` is a price an operator may set: within the limits and on the half-credit grid. */
export function isPrice(credits: number): boolean {
  if (!Number.isFinite(credits) || credits < min || credits > max) return false;
  const steps = credits / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** One row's price editor: the number as typed, checked before it is sent. */
export const priceSchema = z.object({
  price: z
    .string()
    .trim()
    .min(1, priceMessage)
    .refine((value) => isPrice(Number(value)), priceMessage),
});

export type PriceValues = z.infer<typeof priceSchema>;

/** A price as the field and the table show it: "8", "8.5". */
export const priceText = (credits: number) => formatCredits(credits);
