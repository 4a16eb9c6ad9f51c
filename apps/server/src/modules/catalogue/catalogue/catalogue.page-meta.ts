import { AppError } from '../../../lib/app-error';
import { translatorFor } from '../../../lib/i18n';
import { excerpt, type PageMetaLookup } from '../../../lib/page-meta';
import type { Viewer } from '../../identity/access';
import type { CatalogueService } from './catalogue.service';

/** Series and chapter pages: /SeriesView/{slug} and /SeriesView/{slug}/{chapter}, in either case of the v. */
const SERIES_PATH = /^\/seriesview\/([^/?#]+)(?:\/([^/?#]+))?\/?$/i;

/** The title, description and preview image of series and chapter pages, as a visitor sees them. */
export function catalogueSeriesPageMeta(catalogue: CatalogueService, publicUrl: string): PageMetaLookup<Viewer> {
  return async (path, locale, askedEdition, viewer) => {
    const t = translatorFor(locale);
    const match = SERIES_PATH.exec(path);
    if (!match) return undefined;
    let slug: string;
    let chapterSlug: string | undefined;
    try {
      slug = decodeURIComponent(match[1]!);
      chapterSlug = match[2] ? decodeURIComponent(match[2]) : undefined;
    } catch {
      return null;
    }
    try {
      // Every page request asks this: the series' cached rows only, no chapter list drawn up.
      // A member's early chapter (issue 38 §1) is theirs alone: asked of the signed-in viewer, never indexed.
      const { detail, chapter } = await catalogue.pageFacts(slug, chapterSlug, viewer);
      const image = detail.cover ? `${publicUrl}${detail.cover.url}` : null;
      const seriesUrl = `${publicUrl}/SeriesView/${detail.slug}`;
      // A series marked Adult is the gate to a visitor and a crawler (issue 36 §4): nothing of it, and not indexed.
      if (detail.isAdult) {
        return {
          title: `${t('feeds.adult.gateTitle')} · Inkwell`,
          description: t('feeds.adult.gateText'),
          image: null,
          url: chapterSlug ? `${seriesUrl}/${encodeURIComponent(chapterSlug)}` : seriesUrl,
          noindex: true,
        };
      }
      // schema.org: a comic is a ComicSeries of ComicIssues, a novel a Book of Chapters.
      const isComic = detail.type === 'comic';
      const people = [...new Set([detail.author, detail.artist].filter(Boolean))].map((name) => ({ '@type': 'Person', name }));
      // Issue 35 §2: the language it is written in, and its translations, each its own page.
      const translations = detail.editions.map((edition) => ({
        '@type': isComic ? 'ComicSeries' : 'Book',
        name: edition.title,
        inLanguage: edition.language,
        url: `${seriesUrl}?lang=${encodeURIComponent(edition.language)}`,
      }));
      const seriesData = {
        '@type': isComic ? 'ComicSeries' : 'Book',
        name: detail.title,
        url: seriesUrl,
        inLanguage: detail.originalLanguage,
        ...(translations.length > 0 ? { workTranslation: translations } : {}),
        ...(detail.description ? { description: excerpt(detail.description, 500) } : {}),
        ...(image ? { image } : {}),
        ...(people.length > 0 ? { author: people } : {}),
      };
      if (!chapterSlug) {
        const feed = `${publicUrl}/feeds/series/${encodeURIComponent(detail.slug)}`;
        // Each edition is its own page (`?lang=`), as the sitemap lists them, beside the interface's languages.
        const languageAlternates =
          translations.length === 0
            ? []
            : [
                { hreflang: detail.originalLanguage, href: `${seriesUrl}?lang=${encodeURIComponent(detail.originalLanguage)}` },
                ...translations.map((edition) => ({ hreflang: edition.inLanguage, href: edition.url })),
              ];
        // A translated edition's page (`?lang=es`) is titled and addressed as itself; the original's is the plain address.
        const edition = translations.find((translation) => translation.inLanguage.toLowerCase() === askedEdition?.toLowerCase());
        return {
          title: `${edition?.name ?? detail.title} · Inkwell`,
          description: excerpt(detail.description || t('feeds.page.readSeries', { series: detail.title })),
          image,
          url: edition?.url ?? seriesUrl,
          alternates: [
            {
              type: 'application/rss+xml',
              title: t('feeds.page.seriesFeed', { series: detail.title, format: 'RSS' }),
              href: `${feed}.rss`,
            },
            {
              type: 'application/atom+xml',
              title: t('feeds.page.seriesFeed', { series: detail.title, format: 'Atom' }),
              href: `${feed}.atom`,
            },
            {
              type: 'application/feed+json',
              title: t('feeds.page.seriesFeed', { series: detail.title, format: 'JSON Feed' }),
              href: `${feed}.json`,
            },
          ],
          languageAlternates,
          structuredData: { '@context': 'https://schema.org', ...seriesData },
        };
      }
      if (!chapter) return null;
      const label = chapter.title
        ? t('feeds.page.chapterTitled', { number: chapter.number, title: chapter.title })
        : t('feeds.page.chapter', { number: chapter.number });
      const url = `${seriesUrl}/${chapter.slug}`;
      return {
        title: `${detail.title} – ${label} · Inkwell`,
        description: excerpt(
          t('feeds.page.chapterOf', { chapter: label, series: detail.title, description: detail.description }),
        ),
        image,
        url,
        ...(chapter.earlyAccess && { noindex: true }),
        structuredData: {
          '@context': 'https://schema.org',
          '@type': isComic ? 'ComicIssue' : 'Chapter',
          name: `${detail.title} – ${label}`,
          url,
          ...(isComic ? { issueNumber: String(chapter.number) } : { position: chapter.number }),
          ...(chapter.publishedAt ? { datePublished: chapter.publishedAt.toISOString() } : {}),
          isAccessibleForFree: chapter.isFree,
          isPartOf: seriesData,
        },
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  };
}
