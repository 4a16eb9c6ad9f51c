import { AppError } from '../../lib/app-error';
import { excerpt, type PageMetaLookup } from '../../lib/page-meta';
import type { CatalogueService } from './catalogue.service';

/** Series and chapter pages: /SeriesView/{slug} and /SeriesView/{slug}/{chapter}, in either case of the v. */
const SERIES_PATH = /^\/seriesview\/([^/?#]+)(?:\/([^/?#]+))?\/?$/i;

/** The title, description and preview image of series and chapter pages, as a visitor sees them. */
export function catalogueSeriesPageMeta(catalogue: CatalogueService, publicUrl: string): PageMetaLookup {
  return async (path) => {
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
      const { detail, chapter } = await catalogue.pageFacts(slug, chapterSlug);
      const image = detail.cover ? `${publicUrl}${detail.cover.url}` : null;
      if (!chapterSlug) {
        return {
          title: `${detail.title} · Inkwell`,
          description: excerpt(detail.description || `Read ${detail.title} on Inkwell.`),
          image,
          url: `${publicUrl}/SeriesView/${detail.slug}`,
        };
      }
      if (!chapter) return null;
      const label = `Chapter ${chapter.number}${chapter.title ? `: ${chapter.title}` : ''}`;
      return {
        title: `${detail.title} – ${label} · Inkwell`,
        description: excerpt(`${label} of ${detail.title}. ${detail.description}`),
        image,
        url: `${publicUrl}/SeriesView/${detail.slug}/${chapter.slug}`,
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  };
}
