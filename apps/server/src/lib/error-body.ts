// An error answer in the reader's language (decision 0040): its message and field messages are
// catalogue ids the request's language says; the errors plugin finds that language.
import { ERROR_STATUS, type ErrorBody, type ErrorCode, type Locale } from '@inkwell/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorId, MessageValues, ValidationId } from './app-error';
import { translatorFor } from './i18n';

declare module 'fastify' {
  interface FastifyInstance {
    /** The language this request's error answers are said in (decision 0040). */
    errorLocale: (request: FastifyRequest, options?: { skipSiteDefault?: boolean }) => Promise<Locale>;
  }
}

/** What an error answer says besides its reason: the message's values, and each field's message id. */
interface ErrorOptions {
  values?: MessageValues;
  fields?: Record<string, ApiErrorId | ValidationId>;
}

/**
 * The envelope of DESIGN §4 for an error: `error.code` for clients to switch on, `error.reason`
 * the message's id (with its `values`), and the message and field messages in the request's language.
 */
export async function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  reason: ApiErrorId | ValidationId,
  { values, fields }: ErrorOptions = {},
  locale?: Locale,
): Promise<ErrorBody> {
  const translate = translatorFor(locale ?? (await request.server.errorLocale(request)));
  const message = translate(reason, values);
  const said = fields && Object.fromEntries(Object.entries(fields).map(([field, id]) => [field, translate(id, values)]));
  return {
    success: false,
    message,
    error: { code, reason, ...(values ? { values } : {}), message, ...(said ? { fields: said } : {}) },
  };
}

export async function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  reason: ApiErrorId | ValidationId,
  options: ErrorOptions = {},
  locale?: Locale,
): Promise<FastifyReply> {
  const body = await errorBody(reply.request, code, reason, options, locale);
  return reply.status(ERROR_STATUS[code]).type('application/json').send(body);
}
