import { messages } from '@fantasy-cricket/rules';
import type { AppDeps } from '../http/contract';
import { HttpError, waitText } from '../http/errors';
import { consume, refund } from '../http/rate-limit';

/**
 * Joining by league code, limited on codes that are not found (docs/decisions/0012-rate-limits.md):
 * per account and per client address, so a private league's code cannot be guessed by trying codes
 * — from one account, or from many accounts on one address. A code that exists never counts, so
 * people joining (however many, from one office) are never stopped by it.
 *
 * The attempt is counted before the code is looked up and given back once the code turns out to
 * exist (or the attempt is refused): concurrent guesses cannot slip past the limit while the first
 * ones are still being looked up. A refused attempt is not counted, and the windows are fixed, so
 * trying again while refused does not lengthen the wait.
 */

export const joinCodeBuckets = {
  perAccount: 'join-code-account',
  perAddress: 'join-code-ip',
} as const;

/** Runs `join` as one code attempt of `userId` from `address`; 429 with Retry-After once a limit is full. */
export async function asCodeAttempt<T>(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: number,
  address: string,
  join: () => Promise<T>,
): Promise<T> {
  const { db, config } = deps;
  const account = String(userId);
  const tooMany = (retryAfterSeconds: number) =>
    new HttpError(429, messages.leagueApi.tooManyWrongCodes(waitText(retryAfterSeconds)), undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  // The account first, then the address: an account's refused guesses never reach the address's count.
  const byAccount = await consume(db, joinCodeBuckets.perAccount, account, config.rateLimits.joinCodeFailedPerAccount);
  if (!byAccount.allowed) {
    await refund(db, joinCodeBuckets.perAccount, account);
    throw tooMany(byAccount.retryAfterSeconds);
  }
  const byAddress = await consume(db, joinCodeBuckets.perAddress, address, config.rateLimits.joinCodeFailedPerAddress);
  const giveBack = async () => {
    await refund(db, joinCodeBuckets.perAccount, account);
    await refund(db, joinCodeBuckets.perAddress, address);
  };
  if (!byAddress.allowed) {
    await giveBack();
    throw tooMany(byAddress.retryAfterSeconds);
  }
  try {
    const result = await join();
    await giveBack();
    return result;
  } catch (err) {
    const notFound = err instanceof HttpError && err.status === 404 && err.message === messages.leagueApi.codeNotFound;
    if (!notFound) await giveBack();
    throw err;
  }
}
