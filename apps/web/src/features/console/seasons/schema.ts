import { messages, singleLineTextError } from '@fantasy-cricket/rules';
import { z } from 'zod';

/** The server's name rule (decision 0014), with the field named as the server names it. */
const cleanName = (field: string) =>
  [(value: string) => singleLineTextError(field, value) === undefined, messages.text.singleLine(field)] as const;

/** The new-season form: the limits of CreateSeasonRequest in openapi.yaml, and the name rule of the server. */
export const createSeasonSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter the season’s name, e.g. IPL 2025.')
    .max(100, 'At most 100 characters.')
    .refine(...cleanName('Season')),
  competition: z
    .string()
    .trim()
    .min(1, 'Enter the competition, e.g. Indian Premier League.')
    .max(100, 'At most 100 characters.')
    .refine(...cleanName('Competition')),
  year: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter the year as four digits, e.g. 2025.')
    .refine((value) => Number(value) >= 1877 && Number(value) <= 2200, 'Enter a year from 1877 to 2200.'),
});

export type CreateSeasonValues = z.infer<typeof createSeasonSchema>;

export const createSeasonDefaults: CreateSeasonValues = { name: '', competition: '', year: '' };
