import { type ContactForm, contactSchema } from '@fantasy-cricket/rules';

/** Contact rules from @fantasy-cricket/rules (spec section 5). */
export const schema = contactSchema;
export type ContactValues = ContactForm;
export const emptyValues: ContactValues = { name: '', email: '', message: '' };
