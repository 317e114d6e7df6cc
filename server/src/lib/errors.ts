import type { FieldErrors } from '@geows/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * Errors a service throws on purpose. The error handler turns them into the
 * response shapes of docs/api.md: `{"detail"}`, DRF field errors, or `{"error"}`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, detail);
export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new HttpError(401, detail);
export const validationFailed = (errors: FieldErrors) => new HttpError(400, 'Invalid input.', errors);
export const tooManyRequests = (detail: string) => new HttpError(429, detail);

/** PostgreSQL's unique_violation, as node-postgres and PGlite (through Drizzle's wrapper) report it. */
export function isUniqueViolation(error: unknown): boolean {
  const { cause, code } = error as { cause?: { code?: string }; code?: string };
  return (cause?.code ?? code) === '23505';
}

/** PostgreSQL's foreign_key_violation: a row still referenced, or a reference to a row that went. */
export function isForeignKeyViolation(error: unknown): boolean {
  const { cause, code } = error as { cause?: { code?: string }; code?: string };
  return (cause?.code ?? code) === '23503';
}

/** Turns Zod issues reported by the type provider into `{"field": ["message"]}`. */
function fieldErrorsOf(validation: { instancePath: string; message?: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || 'non_field_errors';
    errors[field] ??= [];
    errors[field].push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

export function isApiPath(url: string) {
  return /^\/(api|auth)(\/|\?|$)/.test(url);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(error.body ?? { detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(fieldErrorsOf(error.validation));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: 'A server error occurred.' });
    }
    // Fastify's own client errors: malformed JSON, unsupported media type, body too large, rate limit.
    const detail =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'JSON parse error: the request body is not valid JSON.'
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'JSON parse error: the request body is empty.'
            : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? 'The request body is too large.'
              : error.message;
    return reply.status(status).send({ detail });
  });
}
