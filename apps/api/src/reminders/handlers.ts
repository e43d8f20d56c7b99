import { messages } from '@fantasy-cricket/rules';
import { z } from 'zod';
import type { PartialHandlerMap } from '../http/contract';
import { HttpError } from '../http/errors';
import { enforceRateLimit } from '../http/rate-limit';
import { unsubscribeKey, verifyUnsubscribeToken } from '../email/unsubscribe-token';

const tokenSchema = z.object({ token: z.string() });

export const reminderHandlers: PartialHandlerMap<'unsubscribe'> = {
  /** POST /user/unsubscribe: a valid signed token turns reminder emails off (idempotent, no session). */
  async unsubscribe({ body, request, deps }) {
    await enforceRateLimit(deps.db, 'unsubscribe', request.ip, deps.config.rateLimits.unsubscribe);
    const parsed = tokenSchema.safeParse(body);
    const userId = parsed.success ? verifyUnsubscribeToken(await unsubscribeKey(deps.db), parsed.data.token) : null;
    if (userId === null) throw new HttpError(400, messages.unsubscribeApi.invalidLink);
    await deps.db.updateTable('users').set({ missing_pick_notification: false }).where('id', '=', userId).execute();
    return { status: 200, body: { message: messages.unsubscribe.done } };
  },
};
