import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { translatorFor, type Translate } from '../../../lib/i18n';
import { escapeHtml as xml } from '../../../lib/page-meta';
import { novelPreview } from '../../../lib/sanitize';
import { chapterAccess, VISITOR } from '../../identity/access';
import { coverOf } from '../../catalogue/series';
import { findFeedSeries, latestChapters, latestChaptersOfSeries, type FeedItemRow } from './feeds.repository';
import { clearedOnAll, SERIES_EVENTS, type CacheRegistry } from '../../../lib/caches';

/** Items per feed, newest first. */
export const FEED_ITEMS = 50;
/** A feed is drawn once per instance for this long (and again at once after a team change). */
const FEED_TTL_MS = 30_000;
/**
 * How much of a free novel chapter its item carries: the opening, never the whole chapter. A
 * locked one carries the preview its lock panel shows, and nothing when it has none.
 */
const FREE_PREVIEW_PERCENT = 20;
/** The namespace of the elements that say what a chapter costs (Atom and RSS). */
export const FEED_NAMESPACE = 'urn:inkwell:feeds:1';

export const FEED_FORMATS = ['rss', 'atom', 'json'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

interface Item {
  id: string;
  url: string;
  title: string;
  seriesTitle: string;
  summary: string;
  contentHtml: string;
  image: string | null;
  authors: string[];
  published: Date;
  updated: Date;
  /** What it costs a visitor now: nothing when it is free to read. */
  price: number | null;
  /** When a chapter in early access becomes free. */
  freeAt: Date | null;
  /** The language the chapter is written in (issue 35 §2), which may not be the feed's own. */
  language: string;
}

interface Feed {
  /** The language its words are in (issue 35 §1). */
  language: string;
  title: string;
  description: string;
  /** The page the feed follows (home, or the series page). */
  home: string;
  /** The feed's own address, without its extension. */
  self: string;
  items: Item[];
}

/**
 * The chapters as feeds (issue 19 §7): the site's newest chapters and each series', in RSS 2.0,
 * Atom and JSON Feed 1.1. A locked or early-access chapter is listed with its price (and the date
 * it turns free); an item never carries more of a chapter than its free preview.
 */
export function createFeedsService({
  db,
  clock,
  caches,
  publicUrl,
}: {
  db: Database;
  clock: Clock;
  caches: CacheRegistry;
  publicUrl: string;
}) {
  const feeds = caches.declare<Feed>({ name: 'feeds', ttlMs: FEED_TTL_MS, bound: 200, clearedBy: clearedOnAll(SERIES_EVENTS) });

  function itemOf(row: FeedItemRow, now: Date, t: Translate): Item {
    const access = chapterAccess(row, VISITOR, now);
    const isFree = access === 'free';
    const label = row.title
      ? t('feeds.chapter.labelTitled', { number: row.number, title: row.title })
      : t('feeds.chapter.label', { number: row.number });
    const named = { chapter: label, series: row.seriesTitle };
    const url = `${publicUrl}/SeriesView/${encodeURIComponent(row.seriesSlug)}/${encodeURIComponent(row.slug)}`;
    const cover = coverOf(row);
    const image = cover ? `${publicUrl}${cover.url}` : null;
    const preview =
      row.seriesType === 'novel' && row.content
        ? novelPreview(row.content, isFree ? FREE_PREVIEW_PERCENT : row.previewPercent)
        : '';
    const cost = isFree
      ? ''
      : `<p>${xml(
          row.freeAt
            ? t('feeds.item.costUntil', { price: row.price, date: row.freeAt.toISOString().slice(0, 10) })
            : t('feeds.item.cost', { price: row.price }),
        )}</p>`;
    const contentHtml = [
      image && row.seriesType === 'comic' ? `<p><img src="${xml(image)}" alt="${xml(row.seriesTitle)}" /></p>` : '',
      preview,
      cost,
      `<p><a href="${xml(url)}">${xml(t('feeds.item.read', named))}</a></p>`,
    ].join('');
    return {
      id: url,
      url,
      title: `${row.seriesTitle} – ${label}`,
      seriesTitle: row.seriesTitle,
      summary: isFree ? t('feeds.item.summaryFree', named) : t('feeds.item.summaryPaid', { ...named, price: row.price }),
      contentHtml,
      image,
      authors: [...new Set([row.author, row.artist].filter(Boolean))],
      published: row.publishedAt!,
      updated: row.updatedAt > row.publishedAt! ? row.updatedAt : row.publishedAt!,
      price: isFree ? null : row.price,
      freeAt: isFree ? null : row.freeAt,
      language: row.language,
    };
  }

  async function latest(locale: string): Promise<Feed> {
    return feeds.get(`${locale}:latest`, async () => {
      const t = translatorFor(locale);
      const now = clock.now();
      const rows = await latestChapters(db, now, FEED_ITEMS);
      return {
        language: locale,
        title: t('feeds.latest.title'),
        description: t('feeds.latest.description'),
        home: `${publicUrl}/`,
        self: `${publicUrl}/feeds/latest`,
        items: rows.map((row) => itemOf(row, now, t)),
      };
    });
  }

  async function ofSeries(slug: string, locale: string): Promise<Feed> {
    return feeds.get(`${locale}:series:${slug}`, async () => {
      const t = translatorFor(locale);
      const found = await findFeedSeries(db, slug);
      if (!found) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
      const now = clock.now();
      const rows = await latestChaptersOfSeries(db, found.id, now, FEED_ITEMS);
      return {
        language: locale,
        title: t('feeds.series.title', { series: found.title }),
        description: found.description || t('feeds.series.description', { series: found.title }),
        home: `${publicUrl}/SeriesView/${encodeURIComponent(found.slug)}`,
        self: `${publicUrl}/feeds/series/${encodeURIComponent(found.slug)}`,
        items: rows.map((row) => itemOf(row, now, t)),
      };
    });
  }

  return {
    /** The feed in one of its formats and a language (its words: issue 35 §1): the body, ready to send. */
    async render(which: { series?: string }, format: FeedFormat, locale: string): Promise<string> {
      const feed = which.series === undefined ? await latest(locale) : await ofSeries(which.series, locale);
      if (format === 'json') return jsonFeed(feed);
      return format === 'atom' ? atomFeed(feed, clock.now()) : rssFeed(feed, clock.now());
    },
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;

/** JSON Feed 1.1 (application/feed+json); what a chapter costs is under `_inkwell`. */
function jsonFeed(feed: Feed): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.home,
    feed_url: `${feed.self}.json`,
    description: feed.description,
    language: feed.language,
    items: feed.items.map((item) => ({
      id: item.id,
      url: item.url,
      title: item.title,
      summary: item.summary,
      content_html: item.contentHtml,
      ...(item.image ? { image: item.image } : {}),
      date_published: item.published.toISOString(),
      date_modified: item.updated.toISOString(),
      ...(item.authors.length > 0 ? { authors: item.authors.map((name) => ({ name })) } : {}),
      tags: [item.seriesTitle],
      _inkwell: {
        free: item.price === null,
        price: item.price,
        free_at: item.freeAt?.toISOString() ?? null,
        language: item.language,
      },
    })),
  });
}

/** Dublin Core's namespace: each entry's dc:language, the chapter's own (issue 35 §2), beside the feed's. */
const DC_NAMESPACE = 'http://purl.org/dc/elements/1.1/';

/** The cost of a chapter as extension elements (Atom and RSS), nothing when it is free. */
const costElements = (item: Item) =>
  item.price === null
    ? ''
    : `<inkwell:price>${item.price}</inkwell:price>${item.freeAt ? `<inkwell:freeAt>${item.freeAt.toISOString()}</inkwell:freeAt>` : ''}`;

function atomFeed(feed: Feed, now: Date): string {
  const updated = feed.items[0]?.updated ?? now;
  const entries = feed.items.map(
    (item) =>
      `<entry><id>${xml(item.id)}</id><title>${xml(item.title)}</title><link rel="alternate" type="text/html" href="${xml(item.url)}"/>` +
      `<published>${item.published.toISOString()}</published><updated>${item.updated.toISOString()}</updated>` +
      item.authors.map((name) => `<author><name>${xml(name)}</name></author>`).join('') +
      `<category term="${xml(item.seriesTitle)}"/><summary>${xml(item.summary)}</summary>` +
      `<content type="html">${xml(item.contentHtml)}</content><dc:language>${xml(item.language)}</dc:language>${costElements(item)}</entry>`,
  );
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="${DC_NAMESPACE}" xmlns:inkwell="${FEED_NAMESPACE}">` +
    `<id>${xml(`${feed.self}.atom`)}</id><title>${xml(feed.title)}</title><subtitle>${xml(feed.description)}</subtitle>` +
    `<link rel="self" type="application/atom+xml" href="${xml(`${feed.self}.atom`)}"/><link rel="alternate" type="text/html" href="${xml(feed.home)}"/>` +
    `<updated>${updated.toISOString()}</updated><author><name>Inkwell</name></author>${entries.join('')}</feed>\n`
  );
}

function rssFeed(feed: Feed, now: Date): string {
  const built = feed.items[0]?.updated ?? now;
  const items = feed.items.map(
    (item) =>
      `<item><title>${xml(item.title)}</title><link>${xml(item.url)}</link><guid isPermaLink="true">${xml(item.id)}</guid>` +
      `<pubDate>${item.published.toUTCString()}</pubDate><category>${xml(item.seriesTitle)}</category>` +
      `<description>${xml(item.contentHtml)}</description><dc:language>${xml(item.language)}</dc:language>${costElements(item)}</item>`,
  );
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="${DC_NAMESPACE}" xmlns:inkwell="${FEED_NAMESPACE}"><channel>` +
    `<title>${xml(feed.title)}</title><link>${xml(feed.home)}</link><description>${xml(feed.description)}</description>` +
    `<language>${xml(feed.language)}</language><lastBuildDate>${built.toUTCString()}</lastBuildDate>` +
    `<atom:link href="${xml(`${feed.self}.rss`)}" rel="self" type="application/rss+xml"/>${items.join('')}</channel></rss>\n`
  );
}
