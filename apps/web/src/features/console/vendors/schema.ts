import { z } from 'zod';

/** The credentials form: the fields the vendor needs (its status's `CredentialFields`), each required. */
export const credentialFieldLabels = {
  AccessKey: 'Access key',
  SecretKey: 'Secret key',
  ApiToken: 'API token',
} as const;
export type CredentialField = keyof typeof credentialFieldLabels;

export function credentialsSchema(fields: readonly CredentialField[]) {
  return z.object(
    Object.fromEntries(
      fields.map((f) => [
        f,
        z
          .string()
          .trim()
          .min(1, `Enter the ${credentialFieldLabels[f].toLowerCase()}.`)
          .max(200, `The ${credentialFieldLabels[f].toLowerCase()} is at most 200 characters.`),
      ]),
    ),
  );
}
export type CredentialsValues = Partial<Record<CredentialField, string>>;

const whole = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `Enter a whole number for ${label}.`)
    .refine((v) => Number(v) >= min && Number(v) <= max, `${label}: from ${min} to ${max}.`);

/** The sync's settings; an empty budget is no budget. */
export const settingsSchema = z.object({
  sync: z.boolean(),
  scheduleMinutes: whole('the schedule interval', 1, 10_080),
  liveSeconds: whole('the live interval', 1, 3600),
  lineupMinutes: whole('the line-up lead', 0, 1440),
  dailyCallBudget: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d+$/.test(v) && Number(v) <= 10_000_000),
      'Enter a whole number of calls, or leave it empty.',
    ),
});
export type SettingsValues = z.infer<typeof settingsSchema>;
