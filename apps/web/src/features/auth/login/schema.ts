import { type LoginForm, loginSchema } from '@fantasy-cricket/rules';

/** The login form's rules live in @fantasy-cricket/rules (spec section 5); the form uses them as is. */
export const schema = loginSchema;
export type LoginValues = LoginForm;
export const defaultValues: LoginValues = { email: '', password: '' };
