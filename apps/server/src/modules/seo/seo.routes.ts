import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { escapeHtml as xmlEscape } from '../../lib/page-meta';
import { sitemapAnnouncements, sitemapChapters, sitemapSeries } from './seo.repository';

const SITEMAP_MAX_URLS = 50_000;

/** /sitemap.xml and /robots.txt for search engines. */
export async function seoRoutes(app: FastifyInstance, options: { db: Database; clock: Clock; publicUrl: string }) {
  const { db, clock, publicUrl } = options;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
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
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const seriesRows = await sitemapSeries(db, SITEMAP_MAX_URLS / 10);
    const announcementRows = await sitemapAnnouncements(db, clock.now(), SITEMAP_MAX_URLS / 10);
    const chapterRows = await sitemapChapters(db, clock.now(), SITEMAP_MAX_URLS - seriesRows.length - announcementRows.length - 10);
    const url = (loc: string, lastmod?: Date | null) =>
      `  <url><loc>${xmlEscape(`${publicUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url('/'),
      url('/comics'),
      url('/novels'),
      url('/premium'),
      ...seriesRows.map((row) => url(`/SeriesView/${encodeURIComponent(row.slug)}`, row.lastChapterAt ?? row.updatedAt)),
      ...chapterRows.map((row) => url(`/SeriesView/${encodeURIComponent(row.seriesSlug)}/${encodeURIComponent(row.slug)}`, row.updatedAt)),
      ...announcementRows.map((row) => url(`/announcements/${encodeURIComponent(row.slug)}`, row.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });
}
