import type { ContactForm } from '@fantasy-cricket/rules';
import { api, unwrap } from '../../shared/api';

/**
 * POST /contact_us/add_contact_message: the message is stored and forwarded to the site's inbox. A
 * call, not a mutation hook: Contact Us is a public screen, outside the query library
 * (docs/performance.md), and the message changes no cached data.
 */
export function addContactMessage(body: ContactForm) {
  return unwrap(api.POST('/contact_us/add_contact_message', { body }));
}
