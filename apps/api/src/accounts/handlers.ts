import {
  EMAIL_PATTERN,
  emailField,
  loginSchema,
  messages,
  newPasswordField,
  registerPayloadSchema,
} from '@fantasy-cricket/rules';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PartialHandlerMap } from '../http/contract';
import { HttpError, apiMessages, parseOr400 } from '../http/errors';
import { clearBackoff, consume, enforceBackoff, enforceNotFull, enforceRateLimit } from '../http/rate-limit';
import { clearSessionCookie, destroySession, sessionCookieOf, setSessionCookie } from '../http/session';
import {
  buckets,
  emailKey,
  login,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  sessionUser,
  verifyEmail,
} from './accounts';
import { deleteAccount, getProfile, updatePreferences } from './profile';

type AccountOps =
  | 'getSession'
  | 'signOut'
  | 'authenticateUser'
  | 'resendVerificationEmail'
  | 'initiateChangePassword'
  | 'addUser'
  | 'verifyEmail'
  | 'changePassword'
  | 'getUserProfile'
  | 'updateUserProfile'
  | 'deleteUserProfile';

/** Forgot password (spec §5): its own "required" message, then the usual email check. */
const forgotEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, messages.login.forgotEmailRequired)
    .regex(EMAIL_PATTERN, messages.common.emailInvalid),
});
const emailOnlySchema = z.object({ email: emailField });
const changePasswordSchema = z.object({ token: z.string(), new_password: newPasswordField });

const ipOf = (request: FastifyRequest) => request.ip;

export const accountHandlers: PartialHandlerMap<AccountOps> = {
  async getSession({ session, deps }) {
    const user = session && (await sessionUser(deps, session.userId));
    // Not signed in is an expected answer on every anonymous page load: 204, not an error.
    if (!user) return { status: 204 };
    return { status: 200, body: user };
  },

  async signOut({ request, reply, deps }) {
    await destroySession(deps.db, sessionCookieOf(request));
    clearSessionCookie(reply, deps.config);
    return { status: 204 };
  },

  async authenticateUser({ body, request, reply, deps }) {
    const input = parseOr400(loginSchema, body);
    const { rateLimits, backoff } = deps.config;
    // A shared address (office, campus, carrier NAT) is limited on failures only; the account itself
    // backs off after repeated failures, from any address (docs/decisions/0012-rate-limits.md).
    await enforceNotFull(deps.db, buckets.loginFailedPerAddress, ipOf(request), rateLimits.loginPerAddress);
    const account = emailKey(input.email);
    await enforceBackoff(deps.db, buckets.login, account, backoff.login, apiMessages.accountLocked);
    let outcome: Awaited<ReturnType<typeof login>>;
    try {
      outcome = await login(deps, input.email, input.password, sessionCookieOf(request));
    } catch (err) {
      // The right password on an unverified account: not a failed guess.
      if (err instanceof HttpError && err.status === 400) await clearBackoff(deps.db, buckets.login, account);
      throw err;
    }
    if (!outcome.ok) {
      await consume(deps.db, buckets.loginFailedPerAddress, ipOf(request), rateLimits.loginPerAddress);
      return { status: 200, body: { status: 'failure', message: messages.login.invalidCredentials } };
    }
    await clearBackoff(deps.db, buckets.login, account);
    setSessionCookie(reply, outcome.sessionToken, deps.config);
    return { status: 200, body: { status: 'success', ...outcome.user } };
  },

  async resendVerificationEmail({ body, request, deps }) {
    const { email } = parseOr400(emailOnlySchema, body);
    const { rateLimits, backoff } = deps.config;
    await enforceRateLimit(deps.db, buckets.resendPerAddress, ipOf(request), rateLimits.resendVerificationPerAddress);
    await enforceBackoff(deps.db, buckets.resend, emailKey(email), backoff.resendVerification);
    await resendVerification(deps, email);
    return { status: 200, body: { message: messages.login.resendSuccessAlt } };
  },

  async initiateChangePassword({ body, request, deps }) {
    const { email } = parseOr400(forgotEmailSchema, body);
    const { rateLimits, backoff } = deps.config;
    await enforceRateLimit(deps.db, buckets.forgotPerAddress, ipOf(request), rateLimits.forgotPasswordPerAddress);
    await enforceBackoff(deps.db, buckets.forgot, emailKey(email), backoff.forgotPassword);
    await requestPasswordReset(deps, email);
    return { status: 200, body: { message: messages.login.forgotSuccess } };
  },

  async addUser({ body, request, deps }) {
    const input = parseOr400(registerPayloadSchema, body);
    const { rateLimits } = deps.config;
    await enforceRateLimit(deps.db, buckets.register, ipOf(request), rateLimits.register);
    // An address that keeps naming registered emails is refused everything, so a 429 tells nothing
    // about the email it names (docs/decisions/0013-registration-of-an-existing-email.md).
    await enforceNotFull(deps.db, buckets.registerTaken, ipOf(request), rateLimits.registerTaken);
    try {
      const userId = await registerUser(deps, input);
      return { status: 201, body: { user_id: userId, message: apiMessages.registered } };
    } catch (err) {
      if (err instanceof HttpError && err.status === 409) {
        await consume(deps.db, buckets.registerTaken, ipOf(request), rateLimits.registerTaken);
      }
      throw err;
    }
  },

  async verifyEmail({ body, deps }) {
    const email = await verifyEmail(deps, body.token);
    return { status: 200, body: { message: messages.verify.success, email } };
  },

  async changePassword({ body, request, deps }) {
    const input = parseOr400(changePasswordSchema, body);
    await enforceRateLimit(deps.db, 'change-password', ipOf(request), deps.config.rateLimits.changePassword);
    await resetPassword(deps, input.token, input.new_password);
    return { status: 200, body: { message: apiMessages.passwordChanged } };
  },

  async getUserProfile({ params, deps }) {
    return { status: 200, body: await getProfile(deps, params.userId) };
  },

  async updateUserProfile({ params, body, deps }) {
    return { status: 200, body: await updatePreferences(deps, params.userId, body) };
  },

  async deleteUserProfile({ body, reply, deps }) {
    // The generic owner check has already matched user_id (and {userId}) with the session.
    await deleteAccount(deps, body.user_id, body.message);
    clearSessionCookie(reply, deps.config);
    return { status: 200, body: { message: messages.profile.deleteRegistered } };
  },
};
