import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { escapeHtml as xmlEscape } from '../../../lib/page-meta';
import { sitemapAnnouncements, sitemapChapters, sitemapSeries } from './seo.repository';

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
      const url = (loc: string, lastmod?: Date | null) =>
        `  <url><loc>${xmlEscape(`${publicUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        url('/'),
        url('/comics'),
        url('/novels'),
        url('/premium'),
        ...seriesRows.map((row) => url(`/SeriesView/${encodeURIComponent(row.slug)}`, row.lastChapterAt ?? row.updatedAt)),
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
