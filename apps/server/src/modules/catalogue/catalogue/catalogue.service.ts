import type { CacheRegistry } from '../../../lib/caches';
import type { Viewer } from '../../identity/access';
import { chapterContent, chapterJson, chapterOffers, keptChapterJson } from './queries/chapter-answer';
import { chapterCreditsFrom } from './queries/credits';
import {
  banners,
  genres,
  home,
  homeJson,
  keptHomeJson,
  keptListJson,
  type ListQuery,
  seriesList,
  seriesListJson,
} from './queries/lists';
import { type CardAudience, cardsOfSeries, sameGenreCards } from './queries/picked-cards';
import { adultShownTo, type CatalogueDeps, declareCatalogueCaches, type Reader } from './queries/reads';
import {
  accessClassOf,
  type ChaptersQuery,
  chaptersPage,
  type EditionAsk,
  keptSeriesJson,
  pageFacts,
  seriesDetail,
  seriesJson,
} from './queries/series-page';

/**
 * The reading side of the catalogue, a read model over the series, chapters, genres and banners
 * of their owners. Viewer-independent data is cached for a few seconds; what a viewer may read is
 * decided on every request from those rows, so a cached entry never leaks a locked chapter or
 * hides one that has just become free. The work is in queries/; this binds their dependencies once.
 */
export function createCatalogueService({ caches, ...deps }: CatalogueDeps & { caches: CacheRegistry }) {
  const { clear, creditsWith, ...kept } = declareCatalogueCaches(caches);
  const reads = { ...deps, ...kept, credits: creditsWith(deps.db) };
  return {
    /** Whether lists and searches show this viewer series marked Adult (their opt-in and the site's setting: issue 36 §4). */
    showsAdult: (viewer: Viewer) => adultShownTo(reads, viewer),
    home: (adult = false) => home(reads, adult),
    list: (query: ListQuery, adult = false) => seriesList(reads, query, adult),
    series: (slug: string, asked: Viewer, options: { reader?: Reader; edition?: EditionAsk } = {}) =>
      seriesDetail(reads, slug, asked, options),
    pageFacts: (slug: string, chapterSlug: string | undefined, viewer?: () => Promise<Viewer | null>) =>
      pageFacts(reads, slug, chapterSlug, viewer),
    chapters: (slug: string, asked: Viewer, query: ChaptersQuery, wanted: readonly string[] = []) =>
      chaptersPage(reads, slug, asked, query, wanted),
    chapter: (slug: string, chapterSlug: string, asked: Viewer, options: { reader?: Reader; edition?: EditionAsk } = {}) =>
      chapterContent(reads, slug, chapterSlug, asked, options),
    homeJson: (wanted: readonly string[] = [], adult = false) => homeJson(reads, wanted, adult),
    listJson: (query: ListQuery, wanted: readonly string[] = [], adult = false) => seriesListJson(reads, query, wanted, adult),
    keptHomeJson: (wanted: readonly string[], adult: boolean) => keptHomeJson(reads, wanted, adult),
    keptListJson: (query: ListQuery, wanted: readonly string[], adult: boolean) => keptListJson(reads, query, wanted, adult),
    seriesJson: (slug: string, asked: Viewer, reader: Reader, edition?: EditionAsk) =>
      seriesJson(reads, slug, asked, reader, edition),
    chapterJson: (
      slug: string,
      chapterSlug: string,
      asked: Viewer,
      reader: Reader,
      options: { classOnly?: boolean; atRelease?: boolean; edition?: EditionAsk } = {},
    ) => chapterJson(reads, slug, chapterSlug, asked, reader, options),
    /** A visitor's or a signed-in reader's kept answers at once, without a promise (issue 40); undefined: ask `seriesJson` / `chapterJson`. */
    keptSeriesJson: (slug: string, asked: Viewer, reader: Reader, edition?: EditionAsk) =>
      keptSeriesJson(reads, slug, asked, reader, edition),
    keptChapterJson: (
      slug: string,
      chapterSlug: string,
      asked: Viewer,
      reader: Reader,
      options: { classOnly?: boolean; atRelease?: boolean; edition?: EditionAsk } = {},
    ) => keptChapterJson(reads, slug, chapterSlug, asked, reader, options),
    chapterOffers: (slug: string, chapterSlug: string, asked: Viewer) => chapterOffers(reads, slug, chapterSlug, asked),
    /**
     * The credits of a series' chapters as readers see them (issue 37 §2), for the reading apps'
     * lists: call after the series was found visible (`series`), as it reads no visibility itself.
     */
    chapterCredits: async (seriesId: string) => {
      const credits = await reads.credits(seriesId);
      return (chapterId: string) => chapterCreditsFrom(credits, chapterId);
    },
    /** Cards of series another module picked, in its order, those the audience is not shown left out (issue 39 §5). */
    cardsOf: (ids: readonly string[], audience: CardAudience) => cardsOfSeries(reads, ids, audience),
    /** Series of a series' genres, most viewed first: a cold start's "More like this" (issue 39 §5). */
    sameGenres: (seriesId: string, audience: CardAudience & { limit: number }) => sameGenreCards(reads, seriesId, audience),
    genres: () => genres(reads),
    banners: () => banners(reads),
    accessClassOf: (slug: string, asked: Viewer) => accessClassOf(reads, slug, asked),
    /** Drops this instance's kept reads at once (tests that write views straight to the database); writes publish events instead. */
    invalidate: clear,
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
