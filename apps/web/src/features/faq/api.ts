import { api, unwrap } from '../../app/api';

export function listFaqs() {
  return unwrap(api.GET('/faq/'));
}
