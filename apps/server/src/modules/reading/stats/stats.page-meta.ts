import { AppError } from '../../../lib/app-error';
import { translatorFor } from '../../../lib/i18n';
import type { PageMetaLookup } from '../../../lib/page-meta';
import type { StatsService } from './stats.service';

/** /year/{token}: a shared yearly card's page. */
const YEAR_PATH = /^\/year\/([A-Za-z0-9_-]+)\/?$/;

/** A shared year's title and description, with its card as the Open Graph image; null (404) once unshared. */
export function yearSharePageMeta(stats: StatsService, publicUrl: string): PageMetaLookup {
  return async (path, locale) => {
    const token = YEAR_PATH.exec(path)?.[1];
    if (token === undefined) return undefined;
    if (token.length !== 32) return null;
    try {
      const year = await stats.publicYear(token);
      const t = translatorFor(locale);
      return {
        title: `${t('feeds.yearCard.title', { username: year.username, year: String(year.year) })} · Inkwell`,
        description: t('feeds.yearCard.description', { chapters: year.totals.chapters, series: year.totals.series }),
        image: year.cardUrl,
        url: `${publicUrl}/year/${token}`,
        noindex: true,
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  };
}
