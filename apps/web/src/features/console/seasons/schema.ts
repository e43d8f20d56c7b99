import { z } from 'zod';

/** The new-season form: the limits of CreateSeasonRequest in openapi.yaml. */
export const createSeasonSchema = z.object({
  name: z.string().trim().min(1, 'Enter the season’s name, e.g. IPL 2025.').max(100, 'At most 100 characters.'),
  competition: z
    .string()
    .trim()
    .min(1, 'Enter the competition, e.g. Indian Premier League.')
    .max(100, 'At most 100 characters.'),
  year: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter the year as four digits, e.g. 2025.')
    .refine((value) => Number(value) >= 1877 && Number(value) <= 2200, 'Enter a year from 1877 to 2200.'),
});

export type CreateSeasonValues = z.infer<typeof createSeasonSchema>;

export const createSeasonDefaults: CreateSeasonValues = { name: '', competition: '', year: '' };
