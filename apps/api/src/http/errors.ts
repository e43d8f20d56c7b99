import { messages } from '@fantasy-cricket/rules';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** "45 seconds", "1 minute", "15 minutes": a wait rounded up to what a person reads. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} second${seconds <= 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Messages the API writes itself (the spec's texts come from @fantasy-cricket/rules). One place, so
 * tests and the web app's copy can be checked against them.
 */
export const apiMessages = {
  unexpected: messages.common.unexpected,
  notSignedIn: messages.profile.notLoggedIn,
  notYours: "You are not allowed to access another user's data.",
  xsrf: 'Missing or invalid XSRF token.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  accountLocked: (retryAfterSeconds: number) =>
    `Too many failed sign-in attempts for this account. Please try again in ${waitText(retryAfterSeconds)}, or reset your password.`,
  notFound: 'Not found.',
  emailTaken: 'An account with this email already exists.',
  verificationPending: `${messages.login.verificationPendingMarker}. Please verify your email before signing in.`,
  registered: 'Registration successful. Please check your email to verify your account.',
  verifyLinkInvalid: 'This verification link is not valid.',
  verifyLinkExpired: 'This verification link has expired. Please request a new one.',
  verifyLinkUsed: 'This verification link has already been used.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordChanged: 'Your password has been changed. Please sign in with your new password.',
  bodyNotJson: 'The request body must be a JSON object.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Requests must be sent as JSON (Content-Type: application/json).',
  tooLarge: 'The request is too large.',
  badRequest: 'The request is not valid.',
  nulCharacter: 'The request contains a character that is not allowed (U+0000).',
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
} as const;

/** Socket error codes of a connection to the database that failed or broke. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * Whether an error means the database cannot be reached right now (server restarting or down, network
 * cut, connection broken or timed out) rather than a fault of the request or of the code: SQLSTATE
 * class 08 (connection exception), 57P01-57P03 (shutdown, starting up), 53300 (too many connections),
 * socket errors, and node-postgres's own connection messages.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (
    /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/i.test(
      message,
    )
  )
    return true;
  return Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable);
}

/** A failure the person can act on: its message is shown on the screen as is. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503,
    message: string,
    /** Extra top-level fields of the error body the contract documents (e.g. verifyEmail's `email`). */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The part of a zod schema we use (the rules package owns zod). */
interface Parser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/** Runs a rules-package schema; a failure answers 400 with the rule's own (spec) message. */
export function parseOr400<T>(schema: Parser<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new HttpError(400, result.error.issues[0]?.message ?? messages.common.checkFormDot);
}

function fieldName(instancePath: string, child?: unknown): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (typeof child === 'string') parts.push(child);
  return parts.join('.');
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/** A sentence for the first schema violation, naming the field: "email is required." */
export function describeValidation(errors: ErrorObject[] | undefined, context: string | undefined): string {
  const e = errors?.[0];
  if (!e) return apiMessages.badRequest;
  const p = e.params as Record<string, unknown>;
  const field = fieldName(e.instancePath);
  const subject = field || context || 'value';
  switch (e.keyword) {
    case 'required':
      return `${fieldName(e.instancePath, p.missingProperty)} is required.`;
    case 'additionalProperties':
      return `${fieldName(e.instancePath, p.additionalProperty)} is not an allowed field.`;
    case 'type':
      if (!field && context === 'body') return apiMessages.bodyNotJson;
      return `${subject} must be ${article(String(p.type).split(',')[0] ?? 'value')}.`;
    case 'maxLength':
      return `${subject} must be at most ${p.limit} characters long.`;
    case 'minLength':
      return `${subject} must be at least ${p.limit} characters long.`;
    case 'minimum':
      return `${subject} must be at least ${p.limit}.`;
    case 'maximum':
      return `${subject} must be at most ${p.limit}.`;
    case 'enum':
      return `${subject} must be one of: ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'format':
      // Integers are 32-bit (openapi.yaml `format: int32`): larger ones would overflow the id columns.
      if (p.format === 'int32') return `${subject} is out of range.`;
      return `${subject} must be a valid ${p.format}.`;
    case 'minItems':
      return `${subject} must have at least ${p.limit} items.`;
    case 'maxItems':
      return `${subject} must have at most ${p.limit} items.`;
    default:
      return `${subject} is not valid.`;
  }
}

/** Fastify's own 4xx errors (body parsing and the like), in words. */
function describeFastifyError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return apiMessages.bodyNotJson;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return apiMessages.malformedJson;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return apiMessages.unsupportedMediaType;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return apiMessages.tooLarge;
    default:
      return error instanceof SyntaxError ? apiMessages.malformedJson : apiMessages.badRequest;
  }
}

export function errorBody(message: string, extra?: Record<string, unknown>) {
  return { ...extra, error: { message } };
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs — a malformed
 * percent-encoding (FST_ERR_BAD_URL) or a path segment over 100 characters (FST_ERR_MAX_PARAM_LENGTH,
 * Fastify's own answer is a 414) — answers 400 with the contract's error body, like any other bad input.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // The router answers before any hook runs: no cache may keep this refusal (src/http/security-headers.ts).
  reply.header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(400).send(errorBody(apiMessages.badRequest));
    return;
  }
  request.log.error({ err: error }, 'unexpected router error');
  reply.code(500).send(errorBody(apiMessages.unexpected));
}

/**
 * The one error handler: HttpError → its status and message; schema violations → 400 naming the
 * field; other client errors from Fastify → their 4xx in words; anything else → logged, 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send(errorBody(error.message, error.extra));
    }
    if (error.validation) {
      return reply
        .code(400)
        .send(errorBody(describeValidation(error.validation as ErrorObject[], error.validationContext)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(describeFastifyError(error)));
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restart, network): a short answer the client can retry; the pool
      // reconnects by itself once the server is back.
      request.log.warn(`database unavailable: ${error.message}`);
      return reply.code(503).header('retry-after', '5').send(errorBody(apiMessages.unavailable));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody(apiMessages.unexpected));
  });
}
