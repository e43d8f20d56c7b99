import { api, unwrap } from '../../shared/api';
import type { ContactValues } from './schema';

export function sendContactMessage(body: ContactValues) {
  return unwrap(api.POST('/contact_us/add_contact_message', { body }));
}
