import { type ResetForm, resetFormSchema } from '@fantasy-cricket/rules';

/** Reset rules from @fantasy-cricket/rules: min 6, mismatch once the confirmation is non-empty. */
export const schema = resetFormSchema;
export type ResetValues = ResetForm;
export const defaultValues: ResetValues = { newPassword: '', confirmPassword: '' };
