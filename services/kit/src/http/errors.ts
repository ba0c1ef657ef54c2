// One error vocabulary for every service: @fastify/error constructors with codes prefixed by their
// owner, and one handler that shapes every failure as { message, code?, errors? }.
import createError from '@fastify/error';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TErrorBody } from '@civic/contracts';
import { failureKindOf } from '../failure-kind.ts';

export { createError };

export const Unauthorized = createError('KIT_UNAUTHORIZED', 'Unauthorized', 401);
export const Forbidden = createError('KIT_FORBIDDEN', '%s', 403);
export const NotFound = createError('KIT_NOT_FOUND', '%s', 404);
export const BadRequest = createError('KIT_BAD_REQUEST', '%s', 400);
export const TooManyRequests = createError('KIT_TOO_MANY_REQUESTS', '%s', 429);

/** Marks an error class whose 5xx message is written for users (e.g. "mail could not be sent"). */
export function exposeMessage<T extends { prototype: object }>(errorClass: T): T {
  Object.defineProperty(errorClass.prototype, 'expose', { value: true });
  return errorClass;
}

/**
 * A refusal that lifts at `retryAt`: its body says when (retryAt, and retryAfterSeconds counted from
 * `now`, the service's clock) and so does Retry-After.
 */
export function withRetryAt<T extends Error>(error: T, retryAt: Date, now: Date): T {
  const retry: RetryFields = { retryAt: retryAt.toISOString(), retryAfterSeconds: Math.max(0, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)) };
  return Object.assign(error, { retry });
}

type RetryFields = Required<Pick<TErrorBody, 'retryAt' | 'retryAfterSeconds'>>;

function retryFieldsOf(error: FastifyError): RetryFields | Record<string, never> {
  return (error as FastifyError & { retry?: RetryFields }).retry ?? {};
}

const GENERIC_5XX = 'Internal Server Error';
export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

/**
 * A route that needs the signed-in user, called with a session the gateway could not read (the
 * session store is away): the client may retry, and must not take it for "signed out" (401).
 */
export const SessionUnavailable = exposeMessage(createError('KIT_SESSION_UNAVAILABLE', SERVICE_UNAVAILABLE, 503));

/** Fastify's own client errors (bad JSON, too large, wrong content type) keep their status and say so. */
const FASTIFY_CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
};

export function toErrorBody(error: FastifyError): { status: number; body: TErrorBody } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
    }));
    return { status: 400, body: { message: errors[0]?.message ?? 'Invalid request', code: 'VALIDATION_FAILED', errors } };
  }
  if (error.validation) {
    return { status: 400, body: { message: error.message, code: 'VALIDATION_FAILED' } };
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  // A dependency that is away (database, Redis, a peer) is a 503 the client may retry, never a 500.
  if (status === 500 && failureKindOf(error) === 'infrastructure') {
    return { status: 503, body: { message: SERVICE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' } };
  }
  // A 5xx shows its message only when the code that raised it marked it as meant for users.
  if (status >= 500 && !(error as FastifyError & { expose?: boolean }).expose) return { status, body: { message: GENERIC_5XX } };
  const known = error.code ? FASTIFY_CLIENT_MESSAGES[error.code] : undefined;
  return { status, body: { message: known ?? error.message, ...(error.code ? { code: error.code } : {}), ...retryFieldsOf(error) } };
}

/** Installs the error and not-found handlers on `app` (call on the root instance). */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorBody(error);
    if (status === 503) void reply.header('retry-after', '5');
    else if (body.retryAfterSeconds !== undefined) void reply.header('retry-after', String(body.retryAfterSeconds));
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request refused');
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not Found', code: 'NOT_FOUND' }));
}
