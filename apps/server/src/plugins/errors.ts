import { DEFAULT_LOCALE, ERROR_STATUS, LOCALE_COOKIE, matchLocale, type ErrorCode, type Locale } from '@inkwell/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ApiErrorId } from '../lib/app-error';
import { isDatabaseUnreachable, isStatementTimeout } from '../lib/db-errors';
import { errorBody, sendError } from '../lib/error-body';
import { translatorFor, type ReaderLanguages } from '../lib/i18n';
import { redactUrl } from '../lib/logger';
import { fieldMessagesOf, inputMessagesOf, InvalidInputError } from '../lib/validation-messages';

/** How long a client is asked to wait after a statement ran out of time (the database is busy). */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** Fastify's own 4xx errors, by their code, mapped onto ours. */
const FASTIFY_ERRORS: Record<string, [ErrorCode, ApiErrorId]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'apiErrors.request.bodyTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'apiErrors.request.mediaTypeRefused'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['validation_failed', 'apiErrors.request.bodyLengthMismatch'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['validation_failed', 'apiErrors.request.bodyEmpty'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['validation_failed', 'apiErrors.request.bodyNotJson'],
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

/** The picker's cookie before the cookie plugin has read the header (an origin refused on the way in). */
function languageCookie(request: FastifyRequest): string | undefined {
  if (request.cookies) return request.cookies[LOCALE_COOKIE];
  const found = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(request.headers.cookie ?? '');
  return found?.[1];
}

/**
 * Decision 0040: the picker's cookie, then Accept-Language, then the signed-in reader's stored
 * language, then the site's default (none when the database is what failed: it would fail again).
 */
function errorLocaleOf(languages: ReaderLanguages) {
  return async (request: FastifyRequest, { skipSiteDefault = false } = {}): Promise<Locale> => {
    const named = languages.namedBy({ cookies: { [LOCALE_COOKIE]: languageCookie(request) }, headers: request.headers });
    if (named) return named;
    const stored = matchLocale(request.user?.locale) as Locale | undefined;
    if (stored) return stored;
    if (skipSiteDefault) return DEFAULT_LOCALE;
    return languages.siteDefault().catch(() => DEFAULT_LOCALE);
  };
}

/** A request the schemas refused: each field's message in the request's language, the first one as the answer's. */
async function sendValidationError(reply: FastifyReply, error: FastifyError | InvalidInputError) {
  const locale = await reply.server.errorLocale(reply.request);
  const translate = translatorFor(locale);
  const fields =
    error instanceof InvalidInputError
      ? inputMessagesOf(error, locale, translate)
      : fieldMessagesOf(error, reply.request, locale, translate);
  const first = Object.entries(fields)[0];
  if (!first) return sendError(reply, 'validation_failed', 'apiErrors.request.invalid', {}, locale);
  const body = await errorBody(
    reply.request,
    'validation_failed',
    'apiErrors.request.invalidField',
    {
      values: { field: first[0], problem: first[1] },
    },
    locale,
  );
  body.error.fields = fields;
  return reply.status(ERROR_STATUS.validation_failed).type('application/json').send(body);
}

/** One error handler: AppError codes, validation errors and everything else in the envelope of DESIGN §4. */
export const errorsPlugin = fp(
  async (app: FastifyInstance, { languages }: { languages: ReaderLanguages }) => {
    app.decorate('errorLocale', errorLocaleOf(languages));
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error) || error instanceof InvalidInputError)
        return sendValidationError(reply, error);
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return sendError(reply, error.code, error.reason, { values: error.values, fields: error.fields });
      }
      if (isInvalidTextError(error)) {
        request.log.info({ err: error }, 'text the database cannot store');
        return sendError(reply, 'validation_failed', 'apiErrors.request.unstorableText');
      }
      if (isStatementTimeout(error)) {
        // The query was cancelled by its time-out (db/client.ts): busy, not broken; come back shortly.
        request.log.warn({ err: error, url: redactUrl(request.url) }, 'a statement ran out of time');
        reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        const locale = await app.errorLocale(request, { skipSiteDefault: true });
        return sendError(reply, 'service_unavailable', 'apiErrors.server.busy', {}, locale);
      }
      if (isDatabaseUnreachable(error)) {
        // The database is away (a restart, a network cut): the pool reconnects by itself when it is back.
        request.log.warn({ err: error, url: redactUrl(request.url) }, 'the database could not be reached');
        reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        const locale = await app.errorLocale(request, { skipSiteDefault: true });
        return sendError(reply, 'service_unavailable', 'apiErrors.server.databaseAway', {}, locale);
      }
      const mapped = error.code ? FASTIFY_ERRORS[error.code] : undefined;
      if (mapped) return sendError(reply, mapped[0], mapped[1]);
      if (error.statusCode === 400 && /JSON/i.test(error.message)) {
        return sendError(reply, 'validation_failed', 'apiErrors.request.bodyNotJson');
      }
      if (error.statusCode === 413) return sendError(reply, 'payload_too_large', 'apiErrors.request.uploadTooLarge');
      if (error.statusCode === 415) return sendError(reply, 'unsupported_media_type', 'apiErrors.request.mediaTypeRefused');
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        if (error.statusCode === 404) return sendError(reply, 'not_found', 'apiErrors.request.notFound');
        return sendError(reply, 'validation_failed', 'apiErrors.request.invalid');
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(
        reply,
        'internal_error',
        'apiErrors.server.internal',
        {},
        await app.errorLocale(request, { skipSiteDefault: true }),
      );
    });
  },
  { name: 'errors' },
);
