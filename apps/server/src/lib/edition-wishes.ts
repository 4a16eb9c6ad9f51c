import { acceptedLanguages, LOCALE_COOKIE, matchLocale } from '@inkwell/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The languages a request's reader reads series in, most wanted first (issue 35 §2): their content
 * languages (ME/preferences), then the interface's language they named (the picker's cookie, then
 * Accept-Language). A series answers in the first of them it has, or in its original.
 */
export function wantedLanguages(request: FastifyRequest): string[] {
  const own = request.user?.contentLanguages ?? [];
  const named = [request.cookies[LOCALE_COOKIE], ...acceptedLanguages(request.headers['accept-language'])]
    .map((tag) => matchLocale(tag))
    .find((locale) => locale !== undefined);
  return named === undefined ? [...own] : [...own, named];
}
