import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@inkwell/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { isDatabaseUnreachable, isStatementTimeout } from '../lib/db-errors';
import { redactUrl } from '../lib/logger';

/** How long a client is asked to wait after a statement ran out of time (the database is busy). */
const BUSY_RETRY_AFTER_SECONDS = 5;

export function sendError(reply: FastifyReply, code: ErrorCode, message: string, fields?: Record<string, string>): FastifyReply {
  const body: ErrorBody = { success: false, message, error: { code, message, ...(fields ? { fields } : {}) } };
  return reply.status(ERROR_STATUS[code]).type('application/json').send(body);
}

/** Fastify's own 4xx errors, by their code, mapped onto ours. */
const FASTIFY_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'This content type is not accepted here'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['validation_failed', 'The request body does not match its length'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['validation_failed', 'The request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['validation_failed', 'The request body is not valid JSON'],
};

/**
 * PostgreSQL refusing the bytes of a value: 22021 (character_not_in_repertoire: a NUL, or bytes
 * that are not UTF-8) and 22P05 (untranslatable_character). Bad input, not a fault of ours; the
 * input guard refuses NUL before any handler runs, this catches what gets past it. Either driver
 * puts the code on the error, drizzle on its `cause`.
 */
export function isInvalidTextError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

/** One error handler: AppError codes, validation errors and everything else in the envelope of DESIGN §4. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
          fields[path] ??= issue.message ?? 'Invalid value';
        }
        const first = Object.entries(fields)[0];
        const message = first ? `${first[0]}: ${first[1]}` : 'The request is not valid';
        return sendError(reply, 'validation_failed', message, fields);
      }
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return sendError(reply, error.code, error.message, error.fields);
      }
      if (isInvalidTextError(error)) {
        request.log.info({ err: error }, 'text the database cannot store');
        return sendError(reply, 'validation_failed', 'The request contains characters that cannot be stored (such as \\u0000)');
      }
      if (isStatementTimeout(error)) {
        // The query was cancelled by its time-out (db/client.ts): busy, not broken; come back shortly.
        request.log.warn({ err: error, url: redactUrl(request.url) }, 'a statement ran out of time');
        reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        return sendError(reply, 'service_unavailable', 'The server is busy. Please try again in a moment.');
      }
      if (isDatabaseUnreachable(error)) {
        // The database is away (a restart, a network cut): the pool reconnects by itself when it is back.
        request.log.warn({ err: error, url: redactUrl(request.url) }, 'the database could not be reached');
        reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        return sendError(
          reply,
          'service_unavailable',
          'Inkwell cannot reach its database just now. Please try again in a moment.',
        );
      }
      const mapped = error.code ? FASTIFY_ERRORS[error.code] : undefined;
      if (mapped) return sendError(reply, mapped[0], mapped[1]);
      if (error.statusCode === 400 && /JSON/i.test(error.message)) {
        return sendError(reply, 'validation_failed', 'The request body is not valid JSON');
      }
      if (error.statusCode === 413) return sendError(reply, 'payload_too_large', `The upload is too large: ${error.message}`);
      if (error.statusCode === 415) return sendError(reply, 'unsupported_media_type', error.message);
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        return sendError(reply, error.statusCode === 404 ? 'not_found' : 'validation_failed', error.message);
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 'internal_error', 'Something went wrong on our side. Please try again.');
    });
  },
  { name: 'errors' },
);
