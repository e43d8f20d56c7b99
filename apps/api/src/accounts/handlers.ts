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
import { enforceRateLimit } from '../http/rate-limit';
import { clearSessionCookie, destroySession, sessionCookieOf, setSessionCookie } from '../http/session';
import {
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

const emailKey = (email: string) => email.trim().toLowerCase();
const ipOf = (request: FastifyRequest) => request.ip;

export const accountHandlers: PartialHandlerMap<AccountOps> = {
  async getSession({ session, deps }) {
    const user = session && (await sessionUser(deps, session.userId));
    if (!user) throw new HttpError(401, apiMessages.notSignedIn);
    return { status: 200, body: user };
  },

  async signOut({ request, reply, deps }) {
    await destroySession(deps.db, sessionCookieOf(request));
    clearSessionCookie(reply, deps.config);
    return { status: 204 };
  },

  async authenticateUser({ body, request, reply, deps }) {
    const input = parseOr400(loginSchema, body);
    await enforceRateLimit(deps.db, 'login-ip', ipOf(request), deps.config.rateLimits.loginPerAddress);
    await enforceRateLimit(deps.db, 'login', `${emailKey(input.email)}|${ipOf(request)}`, deps.config.rateLimits.login);
    const outcome = await login(deps, input.email, input.password, sessionCookieOf(request));
    if (!outcome.ok) return { status: 200, body: { status: 'failure', message: messages.login.invalidCredentials } };
    setSessionCookie(reply, outcome.sessionToken, deps.config);
    return { status: 200, body: { status: 'success', ...outcome.user } };
  },

  async resendVerificationEmail({ body, deps }) {
    const { email } = parseOr400(emailOnlySchema, body);
    await enforceRateLimit(deps.db, 'resend', emailKey(email), deps.config.rateLimits.resendVerification);
    await resendVerification(deps, email);
    return { status: 200, body: { message: messages.login.resendSuccessAlt } };
  },

  async initiateChangePassword({ body, deps }) {
    const { email } = parseOr400(forgotEmailSchema, body);
    await enforceRateLimit(deps.db, 'forgot', emailKey(email), deps.config.rateLimits.forgotPassword);
    await requestPasswordReset(deps, email);
    return { status: 200, body: { message: messages.login.forgotSuccess } };
  },

  async addUser({ body, request, deps }) {
    const input = parseOr400(registerPayloadSchema, body);
    await enforceRateLimit(deps.db, 'register', ipOf(request), deps.config.rateLimits.register);
    const userId = await registerUser(deps, input);
    return { status: 201, body: { user_id: userId, message: apiMessages.registered } };
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
