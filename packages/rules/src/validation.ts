import { z } from 'zod';
import { CONTACT_FIELD_MAX, NAME_MIN, PASSWORD_MIN_REGISTER, PASSWORD_MIN_RESET } from './constants';
import { messages } from './messages';
import { multiLineText, singleLineText } from './text-schemas';

/**
 * Field rules of spec section 5 as zod schemas. The web forms use them with zodResolver; the API
 * runs the same schemas on the request body, so a rule lives in exactly one place.
 * A field can fail several checks at once; forms and `firstIssue` show the first (the "required" one).
 */
const m = messages;

/**
 * A permissive-but-real email check (local@domain.tld): no spaces, no control characters (so no CR/LF
 * that could end up in a mail header) and no invisible format characters (docs/decisions/0014-text-fields.md).
 */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u;

function bothStrings(value: unknown, a: string, b: string): boolean {
  const v = value as Record<string, unknown> | undefined;
  return typeof v?.[a] === 'string' && typeof v?.[b] === 'string';
}

export const emailField = z.string().trim().min(1, m.common.emailRequired).regex(EMAIL_PATTERN, m.common.emailInvalid);

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, m.common.passwordRequired),
});

/** What the API checks on `user/add_user`. */
export const registerPayloadSchema = z.object({
  first_name: singleLineText('First name', m.register.firstNameRequired).min(NAME_MIN, m.register.firstNameMin),
  last_name: singleLineText('Last name', m.register.lastNameRequired).min(NAME_MIN, m.register.lastNameMin),
  email: emailField,
  password: z.string().min(1, m.common.passwordRequired).min(PASSWORD_MIN_REGISTER, m.register.passwordMin),
});

/** The register form: the payload's rules plus confirm-password and terms. */
export const registerFormSchema = z
  .object({
    firstName: registerPayloadSchema.shape.first_name,
    lastName: registerPayloadSchema.shape.last_name,
    email: emailField,
    password: registerPayloadSchema.shape.password,
    confirmPassword: z.string().min(1, m.common.passwordRequired),
    acceptTerms: z.boolean().refine((v) => v, m.register.termsRequired),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: m.common.passwordsDoNotMatch,
    // Check the pair even while other fields are still invalid.
    when: (payload) => bothStrings(payload.value, 'password', 'confirmPassword'),
  });

export const newPasswordField = z
  .string()
  .min(1, m.common.passwordRequired)
  .min(PASSWORD_MIN_RESET, m.reset.passwordMin);

export const resetFormSchema = z
  .object({
    newPassword: newPasswordField,
    confirmPassword: z.string().min(1, m.common.passwordRequired),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: m.common.passwordsDoNotMatch,
    when: (payload) => bothStrings(payload.value, 'newPassword', 'confirmPassword'),
  });

export const contactSchema = z.object({
  name: singleLineText('Name', m.contact.nameRequired).max(CONTACT_FIELD_MAX, m.contact.nameMax),
  email: z
    .string()
    .trim()
    .min(1, m.contact.emailRequired)
    .max(CONTACT_FIELD_MAX, m.contact.emailMax)
    .regex(EMAIL_PATTERN, m.contact.emailInvalid),
  message: multiLineText('Message').min(1, m.contact.messageRequired),
});

export type LoginForm = z.infer<typeof loginSchema>;
export type RegisterForm = z.infer<typeof registerFormSchema>;
export type ResetForm = z.infer<typeof resetFormSchema>;
export type ContactForm = z.infer<typeof contactSchema>;

/** First message of a failed parse, for a 400 answer. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? messages.common.checkFormDot;
}
