import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { escapeHtml as xmlEscape } from '../../../lib/page-meta';
import { sitemapAnnouncements, sitemapChapters, sitemapEditions, sitemapSeries } from './seo.repository';

/** A sitemap holds at most this many addresses (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;

/** What search engines read: robots.txt and the sitemap of every public page. */
export function createSeoService({ db, clock, publicUrl }: { db: Database; clock: Clock; publicUrl: string }) {
  return {
    robotsTxt(): string {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /Dashboard',
        'Disallow: /profile/',
        'Disallow: /protect/',
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    async sitemapXml(): Promise<string> {
      const seriesRows = await sitemapSeries(db, SITEMAP_MAX_URLS / 10);
      const announcementRows = await sitemapAnnouncements(db, clock.now(), SITEMAP_MAX_URLS / 10);
      const chapterRows = await sitemapChapters(
        db,
        clock.now(),
        SITEMAP_MAX_URLS - seriesRows.length - announcementRows.length - 10,
      );
      const editions = await sitemapEditions(
        db,
        seriesRows.map((row) => row.id),
      );
      const url = (loc: string, lastmod?: Date | null, alternates = '') =>
        `  <url><loc>${xmlEscape(`${publicUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${alternates}</url>`;
      /**
       * Issue 35 §2: a series with editions is a page per edition (`?lang=`), each naming all of
       * them as hreflang alternates, and the page without `?lang=` as the default.
       */
      const seriesUrls = (row: (typeof seriesRows)[number]) => {
        const page = `/SeriesView/${encodeURIComponent(row.slug)}`;
        const lastmod = row.lastChapterAt ?? row.updatedAt;
        const translated = editions.get(row.id) ?? [];
        if (translated.length === 0) return [url(page, lastmod)];
        const languages = [row.originalLanguage, ...translated];
        const link = (hreflang: string, loc: string) =>
          `<xhtml:link rel="alternate" hreflang="${xmlEscape(hreflang)}" href="${xmlEscape(`${publicUrl}${loc}`)}"/>`;
        const inLanguage = (language: string) => `${page}?lang=${encodeURIComponent(language)}`;
        const alternates = [...languages.map((language) => link(language, inLanguage(language))), link('x-default', page)].join(
          '',
        );
        return [url(page, lastmod, alternates), ...languages.map((language) => url(inLanguage(language), lastmod, alternates))];
      };
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        url('/'),
        url('/comics'),
        url('/novels'),
        url('/premium'),
        ...seriesRows.flatMap(seriesUrls),
        ...chapterRows.map((row) =>
          url(`/SeriesView/${encodeURIComponent(row.seriesSlug)}/${encodeURIComponent(row.slug)}`, row.updatedAt),
        ),
        ...announcementRows.map((row) => url(`/announcements/${encodeURIComponent(row.slug)}`, row.updatedAt)),
        '</urlset>',
        '',
      ].join('\n');
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
