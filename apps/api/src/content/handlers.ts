import { contactSchema, messages } from '@fantasy-cricket/rules';
import type { PartialHandlerMap } from '../http/contract';
import { parseOr400 } from '../http/errors';
import { enforceRateLimit } from '../http/rate-limit';
import { addContactMessage } from './contact';
import { listFaqs } from './faq';

export const contentHandlers: PartialHandlerMap<'listFaqs' | 'addContactMessage'> = {
  async listFaqs({ deps }) {
    return { status: 200, body: await listFaqs(deps.db) };
  },

  async addContactMessage({ body, request, session, deps }) {
    const input = parseOr400(contactSchema, body);
    await enforceRateLimit(deps.db, 'contact', request.ip, deps.config.rateLimits.contact);
    await addContactMessage(deps, input, session?.userId ?? null);
    return { status: 201, body: { message: messages.contact.sent } };
  },
};
