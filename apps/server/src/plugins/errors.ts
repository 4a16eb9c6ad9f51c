import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@inkwell/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): FastifyReply {
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
