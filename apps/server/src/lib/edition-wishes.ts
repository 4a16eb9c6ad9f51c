import { acceptedLanguages, LOCALE_COOKIE, matchLocale } from '@inkwell/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The languages a request's reader reads series in, most wanted first (issue 35 §2): their content
 * languages (ME/preferences), then the interface's language, as the page is drawn in it (the
 * picker's cookie, then Accept-Language, then the site's default). A series answers in the first of
 * them it has, or in its original. The site's default counts too, so a page kept per interface
 * language shows one edition to everyone it is served to.
 */
export function wantedLanguages(
  request: FastifyRequest,
  siteDefault: () => string | Promise<string>,
): string[] | Promise<string[]> {
  const own = request.user?.contentLanguages ?? [];
  const named = [request.cookies[LOCALE_COOKIE], ...acceptedLanguages(request.headers['accept-language'])]
    .map((tag) => matchLocale(tag))
    .find((locale) => locale !== undefined);
  if (named !== undefined) return [...own, named];
  // The site's default, at hand without a promise on a hot read (issue 40) or read from the setting.
  const site = siteDefault();
  return typeof site === 'string' ? withSite(own, site) : site.then((loaded) => withSite(own, loaded));
}

/** A reader's own languages, then the site's default when it is one of ours. */
function withSite(own: readonly string[], site: string): string[] {
  const language = matchLocale(site);
  return language === undefined ? [...own] : [...own, language];
}
