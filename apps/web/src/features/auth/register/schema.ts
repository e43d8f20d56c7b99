import { type RegisterForm, registerFormSchema } from '@fantasy-cricket/rules';
import type { z } from 'zod';

/** The register form's rules live in @fantasy-cricket/rules (spec section 5); the form uses them as is. */
export const schema = registerFormSchema;
export type RegisterValues = RegisterForm;
export type RegisterInput = z.input<typeof registerFormSchema>;
export const defaultValues: RegisterInput = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};
