// A request the schemas refused, said in the reader's language (decision 0040): the schemas' own
// messages are ids of the `validation` namespace; where a schema has none, zod's own message comes
// from zod's locale for the language.
import type { Locale } from '@inkwell/contract';
import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Translate } from './i18n';

/** zod's messages for the schemas that carry none of their own, per language (zod has Brazilian Portuguese). */
const ZOD_MESSAGES: Record<Locale, z.core.$ZodErrorMap> = {
  en: z.locales.en().localeError,
  'pt-BR': z.locales.ptBR().localeError,
  es: z.locales.es().localeError,
};

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** Input a route checked itself against a schema (`parseInput`), refused: the error plugin says why, field by field. */
export class InvalidInputError extends Error {
  constructor(
    readonly schema: z.ZodType,
    readonly input: unknown,
  ) {
    super('invalid input');
    this.name = 'InvalidInputError';
  }
}

/** The input checked against its schema; a bad one is a 400 naming each field, in the reader's language. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new InvalidInputError(schema, input);
  return result.data;
}

type Context = 'body' | 'querystring' | 'params' | 'headers';

/** What the request sent in the part the schema refused. */
function sentIn(request: FastifyRequest, context: Context): unknown {
  if (context === 'body') return request.body;
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  return request.headers;
}

/**
 * The issues, checked again in the reader's language: zod's per-parse error map only fills the
 * messages a schema left to zod, and a route's validator (compiled once) knows no request. Only
 * refused requests pay for the second check.
 */
function issuesIn(schema: unknown, input: unknown, locale: Locale): Issue[] | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const result = schema.safeParse(input, { error: ZOD_MESSAGES[locale] });
  return result.success ? undefined : result.error.issues;
}

/** Each refused field's message, keyed by its dotted path (`whole` when the whole input was refused). */
function fieldsOf(issues: Issue[], whole: string, translate: Translate): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || whole;
    const message = issue.message.startsWith('validation.') ? translate(issue.message) : issue.message;
    fields[path] ??= message || translate('apiErrors.request.invalidValue');
  }
  return fields;
}

/** The field messages of a request Fastify's validator refused. */
export function fieldMessagesOf(error: FastifyError, request: FastifyRequest, locale: Locale, translate: Translate) {
  const context = error.validationContext as Context | undefined;
  const schema = context ? (request.routeOptions.schema as Partial<Record<Context, unknown>> | undefined)?.[context] : undefined;
  const issues =
    (context && issuesIn(schema, sentIn(request, context), locale)) ??
    (error.validation ?? []).map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').split('/').filter(Boolean),
      message: issue.message ?? '',
    }));
  return fieldsOf(issues, context ?? 'body', translate);
}

/** The field messages of input a route refused through `parseInput`. */
export function inputMessagesOf(error: InvalidInputError, locale: Locale, translate: Translate) {
  return fieldsOf(issuesIn(error.schema, error.input, locale) ?? [], 'input', translate);
}
