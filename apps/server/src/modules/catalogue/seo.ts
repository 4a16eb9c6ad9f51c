import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { chapters, series } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { VISITOR } from './access';
import type { CatalogueService } from './catalogue.service';

export interface PageMeta {
  title: string;
  description: string;
  image: string | null;
  url: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const excerpt = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** Series and chapter pages: /SeriesView/{slug} and /SeriesView/{slug}/{chapter}, in either case of the v. */
const SERIES_PATH = /^\/seriesview\/([^/?#]+)(?:\/([^/?#]+))?\/?$/i;

/**
 * The title, description and Open Graph image of a series or chapter page, for the HTML the
 * server sends: link previews and search engines see them without running the app.
 * Returns undefined for other pages, null for a series or chapter that does not exist.
 */
export function createPageMeta(catalogue: CatalogueService, publicUrl: string) {
  return async (path: string): Promise<PageMeta | null | undefined> => {
    const match = SERIES_PATH.exec(path);
    if (!match) return undefined;
    const slug = decodeURIComponent(match[1]!);
    const chapterSlug = match[2] ? decodeURIComponent(match[2]) : undefined;
    try {
      const detail = await catalogue.series(slug, VISITOR, { countView: false });
      const image = detail.cover ? `${publicUrl}${detail.cover.url}` : null;
      if (!chapterSlug) {
        return {
          title: `${detail.title} · Inkwell`,
          description: excerpt(detail.description || `Read ${detail.title} on Inkwell.`),
          image,
          url: `${publicUrl}/SeriesView/${detail.slug}`,
        };
      }
      const chapter = detail.chapters.find((c) => c.slug === chapterSlug);
      if (!chapter) return null;
      const label = `Chapter ${chapter.number}${chapter.title ? `: ${chapter.title}` : ''}`;
      return {
        title: `${detail.title} – ${label} · Inkwell`,
        description: excerpt(`${label} of ${detail.title}. ${detail.description}`),
        image,
        url: `${publicUrl}/SeriesView/${detail.slug}/${chapter.slug}`,
      };
    } catch {
      return null;
    }
  };
}
export type PageMetaLookup = ReturnType<typeof createPageMeta>;

/** index.html with the page's own title, description, canonical link and Open Graph tags. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="Inkwell" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags}\n  </head>`);
}

const SITEMAP_MAX_URLS = 50_000;
const xmlEscape = escapeHtml;

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
    const now = clock.now();
    const seriesRows = await db
      .select({ slug: series.slug, updatedAt: series.updatedAt, lastChapterAt: series.lastChapterAt })
      .from(series)
      .where(eq(series.isPublished, true))
      .orderBy(asc(series.slug))
      .limit(SITEMAP_MAX_URLS / 10);
    const chapterRows = await db
      .select({ seriesSlug: series.slug, slug: chapters.slug, updatedAt: chapters.updatedAt })
      .from(chapters)
      .innerJoin(series, eq(series.id, chapters.seriesId))
      .where(and(eq(series.isPublished, true), sql`${chapters.publishedAt} <= ${now.toISOString()}::timestamptz`))
      .orderBy(asc(series.slug), asc(chapters.number))
      .limit(SITEMAP_MAX_URLS - seriesRows.length - 10);
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
      ...chapterRows.map((row) =>
        url(`/SeriesView/${encodeURIComponent(row.seriesSlug)}/${encodeURIComponent(row.slug)}`, row.updatedAt),
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });
}
