import { sql } from 'kysely';
import type { AppDeps } from '../http/contract';
import { HttpError, apiMessages } from '../http/errors';
import { clearBackoff } from '../http/rate-limit';
import { createSession, destroySession } from '../http/session';
import { queueEmail } from '../email/outbox';
import { passwordResetEmail, verificationEmail } from '../email/templates';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { consumeToken, findToken, issueToken } from './tokens';

/**
 * Account rules as plain functions of `deps` (database, config, mail worker): registration,
 * sign-in, email verification and password reset. Handlers validate and rate-limit, then call these.
 */

export interface PublicUser {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
}

const byEmail = (email: string) => sql<boolean>`lower(email) = lower(${email.trim()})`;

/** How an email address is counted by the limits: trimmed, lower case. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Rate-limit buckets of the account operations (docs/decisions/0012-rate-limits.md). */
export const buckets = {
  /** Backoff per account (email) on sign-in attempts. */
  login: 'login-account',
  /** Failed sign-ins per client address. */
  loginFailedPerAddress: 'login-failed-ip',
  resend: 'resend-email',
  resendPerAddress: 'resend-ip',
  forgot: 'forgot-email',
  forgotPerAddress: 'forgot-ip',
  register: 'register',
  registerTaken: 'register-taken',
} as const;

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

export function verifyLink(deps: AppDeps, token: string): string {
  return `${deps.config.appUrl}/verify-email?token=${token}`;
}

export function resetLink(deps: AppDeps, token: string): string {
  return `${deps.config.appUrl}/reset-password?token=${token}`;
}

/** Creates the account, its verification token and the verification email in one transaction. */
export async function registerUser(
  deps: AppDeps,
  input: { first_name: string; last_name: string; email: string; password: string },
): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim();
  let userId: number;
  try {
    userId = await deps.db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('users').select('id').where(byEmail(email)).executeTakeFirst();
      if (taken) throw new HttpError(409, apiMessages.emailTaken);
      const user = await trx
        .insertInto('users')
        .values({
          first_name: input.first_name.trim(),
          last_name: input.last_name.trim(),
          email,
          password_hash: passwordHash,
        })
        .returning(['id', 'first_name'])
        .executeTakeFirstOrThrow();
      const token = await issueToken(trx, user.id, 'verify_email', deps.config.tokens.verifyEmailMs);
      await queueEmail(
        trx,
        verificationEmail(email, user.first_name, verifyLink(deps, token), deps.config.tokens.verifyEmailMs),
      );
      return user.id;
    });
  } catch (err) {
    // Two registrations racing for one address: the unique index on lower(email) decides.
    if (isUniqueViolation(err)) throw new HttpError(409, apiMessages.emailTaken);
    throw err;
  }
  deps.mail.kick();
  return userId;
}

export type LoginOutcome = { ok: true; user: PublicUser; sessionToken: string } | { ok: false };

/**
 * Checks the password (the same work whether or not the email exists). A correct password on an
 * unverified account answers 400 'Email verification is pending…'. Success rotates the browser's
 * session: the one it presented (whoever it belonged to) ends and a new one starts, in one transaction.
 */
export async function login(
  deps: AppDeps,
  email: string,
  password: string,
  previousSessionToken: string | undefined,
): Promise<LoginOutcome> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'password_hash', 'email_verified_at'])
    .where(byEmail(email))
    .executeTakeFirst();
  if (!user) {
    await burnPasswordCheck(password);
    return { ok: false };
  }
  if (!(await verifyPassword(password, user.password_hash))) return { ok: false };
  if (user.email_verified_at === null) throw new HttpError(400, apiMessages.verificationPending);
  const sessionToken = await deps.db.transaction().execute(async (trx) => {
    await destroySession(trx, previousSessionToken);
    return createSession(trx, user.id, deps.config);
  });
  return {
    ok: true,
    sessionToken,
    user: { user_id: user.id, first_name: user.first_name, last_name: user.last_name, email: user.email },
  };
}

/** A new verification link, only for a registered, unverified address; silent otherwise. */
export async function resendVerification(deps: AppDeps, email: string): Promise<void> {
  const queued = await deps.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'first_name', 'email'])
      .where(byEmail(email))
      .where('email_verified_at', 'is', null)
      .executeTakeFirst();
    if (!user) return false;
    const token = await issueToken(trx, user.id, 'verify_email', deps.config.tokens.verifyEmailMs);
    await queueEmail(
      trx,
      verificationEmail(user.email, user.first_name, verifyLink(deps, token), deps.config.tokens.verifyEmailMs),
    );
    return true;
  });
  if (queued) deps.mail.kick();
}

/** A password-reset link for a registered address; silent otherwise. */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const queued = await deps.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'first_name', 'email'])
      .where(byEmail(email))
      .executeTakeFirst();
    if (!user) return false;
    const token = await issueToken(trx, user.id, 'reset_password', deps.config.tokens.resetPasswordMs);
    await queueEmail(
      trx,
      passwordResetEmail(user.email, user.first_name, resetLink(deps, token), deps.config.tokens.resetPasswordMs),
    );
    return true;
  });
  if (queued) deps.mail.kick();
}

/**
 * Verifies the address; 400 for an unknown, used or expired token. The answer names the account's
 * email only where the screen needs it to offer a resend: an expired link of an account still
 * unverified. A used link (the address is verified, or a newer link was followed) does not, so a link
 * seen by someone else (a forwarded mail, a shared screen) does not tell them whose it was.
 */
export async function verifyEmail(deps: AppDeps, token: string): Promise<string> {
  const email = await deps.db.transaction().execute(async (trx) => {
    const found = await findToken(trx, token, 'verify_email');
    if (!found) throw new HttpError(400, apiMessages.verifyLinkInvalid);
    if (found.state === 'used') throw new HttpError(400, apiMessages.verifyLinkUsed);
    if (found.state === 'expired' || !(await consumeToken(trx, found.tokenHash))) {
      throw new HttpError(400, apiMessages.verifyLinkExpired, found.emailVerified ? undefined : { email: found.email });
    }
    await trx
      .updateTable('users')
      .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, now())` })
      .where('id', '=', found.userId)
      .execute();
    return found.email;
  });
  await clearBackoff(deps.db, buckets.resend, emailKey(email));
  return email;
}

/**
 * Sets a new password with a reset token, consumes the token and ends every session of the user.
 * Following the link proves the mailbox is theirs, so an unverified address becomes verified.
 */
export async function resetPassword(deps: AppDeps, token: string, newPassword: string): Promise<void> {
  const found = await findToken(deps.db, token, 'reset_password');
  if (found?.state !== 'valid') throw new HttpError(400, apiMessages.resetLinkInvalid);
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeToken(trx, found.tokenHash))) throw new HttpError(400, apiMessages.resetLinkInvalid);
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, email_verified_at: sql<Date>`coalesce(email_verified_at, now())` })
      .where('id', '=', found.userId)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', found.userId).execute();
  });
  // Following the link proved the mailbox: the account's sign-in backoff and reset-mail backoff end.
  await clearBackoff(deps.db, buckets.login, emailKey(found.email));
  await clearBackoff(deps.db, buckets.forgot, emailKey(found.email));
}

export async function sessionUser(deps: AppDeps, userId: number): Promise<PublicUser | undefined> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user && { user_id: user.id, first_name: user.first_name, last_name: user.last_name, email: user.email };
}
