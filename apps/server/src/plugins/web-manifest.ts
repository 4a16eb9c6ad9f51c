// The web app's manifest in the page's language (issue 35 §1): the name stays the site's, the
// description and shortcuts are said in the language. Each page links its language's own address
// (`/manifest/<lang>.webmanifest`), so a browser's or a proxy's cached copy is one language's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, PSEUDO_LOCALE, type InterfaceLocale } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import { translatorFor } from '../lib/i18n';

const LANGUAGES: readonly string[] = [...LOCALES, PSEUDO_LOCALE];
const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/** Where a page's language's manifest is: what its `<link rel="manifest">` names. */
const manifestPath = (locale: InterfaceLocale) => `/manifest/${locale}.webmanifest`;

/** A page's `<link rel="manifest">` pointed at its language's manifest. */
export const withManifestOf = (html: string, locale: InterfaceLocale) =>
  html.replace(
    /(<link\b[^>]*\brel="manifest"[^>]*\bhref=")[^"]*(")/,
    (_match, start: string, end: string) => `${start}${manifestPath(locale)}${end}`,
  );

/** The manifest the web app's build carries (its name, colours and icons), in `locale`'s words. */
function localizedManifest(base: Record<string, unknown>, locale: string) {
  const t = translatorFor(locale);
  return {
    ...base,
    lang: locale,
    description: t('appManifest.description'),
    shortcuts: [
      { name: t('appManifest.shortcuts.comics'), url: '/comics' },
      { name: t('appManifest.shortcuts.novels'), url: '/novels' },
      { name: t('appManifest.shortcuts.bookmarks'), url: '/profile/bookmarks' },
    ],
  };
}

/** Serves `/manifest/<lang>.webmanifest` from the built app's manifest.webmanifest. */
export function registerWebManifest(app: FastifyInstance, webDistDir: string) {
  const built = join(webDistDir, 'manifest.webmanifest');
  // A build without one (a test's stand-in app) gets the site's name alone.
  const base = existsSync(built)
    ? (JSON.parse(readFileSync(built, 'utf8')) as Record<string, unknown>)
    : { name: 'Inkwell', short_name: 'Inkwell' };
  const bodies = new Map(LANGUAGES.map((locale) => [locale, JSON.stringify(localizedManifest(base, locale))]));
  app.get<{ Params: { file: string } }>('/manifest/:file', { schema: { hide: true } }, async (request, reply) => {
    const body = bodies.get(request.params.file.replace(/\.webmanifest$/, ''));
    // No page of the app here: a manifest address names one of our languages or nothing.
    if (!body || !request.params.file.endsWith('.webmanifest')) return reply.code(404).send();
    return reply.type(MANIFEST_TYPE).header('cache-control', 'public, max-age=3600').send(body);
  });
}
