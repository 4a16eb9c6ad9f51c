import {
  type HomeData,
  homeResponseSchema,
  type SeriesCard,
  type SeriesListData,
  type seriesListQuerySchema,
  seriesListResponseSchema,
  type SeriesSort,
} from '@inkwell/contract';
import type { z } from 'zod';
import { pageInfo } from '../../../../db/sql';
import { sharedJson, type SharedJson } from '../../../../lib/shared-json';
import { activeBanners, toBanner } from '../../banners';
import { latestChaptersOf } from '../../chapters';
import { listGenres, toGenre } from '../../genres';
import { toCard } from '../catalogue.presenter';
import { listPublishedSeries, type SeriesFilter } from '../published-series.repository';
import { cardTitlesFor } from './editions';
import type { CatalogueReads } from './reads';

/** Latest updates fill two rows of the home page; the other sections one row each. */
const HOME_LATEST_SIZE = 12;
const HOME_ROW_SIZE = 6;
/** Each section asks for more than it shows: what an earlier section already shows is left out. */
const HOME_CANDIDATES = 24;
const CARD_CHAPTERS = 3;

export type ListQuery = z.output<typeof seriesListQuerySchema>;

async function cards(
  { db, clock }: CatalogueReads,
  filter: SeriesFilter,
  sort: SeriesSort,
  page: number,
  perPage: number,
  counted = true,
) {
  const now = clock.now();
  const { rows, total } = await listPublishedSeries(db, filter, sort, page, perPage, now, { counted });
  const latest = await latestChaptersOf(
    db,
    rows.map((row) => row.id),
    CARD_CHAPTERS,
    now,
  );
  return {
    items: rows.map((row) => toCard(row, latest.get(row.id) ?? [], now)),
    total,
  };
}

/** Which audience a kept list is for (issue 36 §4): with series marked Adult, or without. */
const audienceKey = (adult: boolean) => (adult ? 'adult' : 'all');

/** The home page's banners and rows, a series in one row only; series marked Adult only when `adult`. */
export function home(reads: CatalogueReads, adult = false): Promise<HomeData> {
  return reads.cached(`home:${audienceKey(adult)}`, async () => {
    const [banners, latest, trending, newest, premium] = await Promise.all([
      activeBanners(reads.db, reads.clock.now()),
      // Home's rows show no totals: counting every premium series alone took over a second at scale.
      cards(reads, { adult }, 'latest', 1, HOME_LATEST_SIZE, false),
      cards(reads, { adult }, 'trending', 1, HOME_CANDIDATES, false),
      cards(reads, { adult }, 'new', 1, HOME_CANDIDATES, false),
      cards(reads, { premium: true, adult }, 'latest', 1, HOME_CANDIDATES, false),
    ]);
    // Issue 11 §3: a series shows in one row only, the first that wants it.
    const shown = new Set(latest.items.map((card) => card.id));
    const unseen = (items: SeriesCard[]) => {
      const fresh = items.filter((card) => !shown.has(card.id)).slice(0, HOME_ROW_SIZE);
      for (const card of fresh) shown.add(card.id);
      return fresh;
    };
    return {
      banners: banners.flatMap((row) => toBanner(row) ?? []),
      latest: latest.items,
      trending: unseen(trending.items),
      newest: unseen(newest.items),
      premium: unseen(premium.items),
    };
  });
}

/** A page of published series, filtered and sorted as asked; series marked Adult only when `adult`. */
export function seriesList(reads: CatalogueReads, query: ListQuery, adult = false): Promise<SeriesListData> {
  const { sort, page, perPage, ...filter } = query;
  return reads.cached(`list:${audienceKey(adult)}:${JSON.stringify(query)}`, async () => {
    const { items, total } = await cards(reads, { ...filter, adult }, sort ?? (filter.q ? 'relevance' : 'latest'), page, perPage);
    return {
      items,
      pagination: pageInfo(page, perPage, total),
    };
  });
}

/**
 * Cards with each series' title in the reader's language when it has that edition (issue 35 §2):
 * `wanted` is the reader's languages, most wanted first; none leaves every card as written.
 */
async function inLanguages(reads: CatalogueReads, cards: SeriesCard[], wanted: readonly string[]) {
  const titles =
    wanted.length === 0 || cards.length === 0
      ? new Map<string, string>()
      : await cardTitlesFor(reads.db, [...new Set(cards.map((card) => card.id))], wanted);
  return (row: SeriesCard[]) => row.map((card) => ({ ...card, title: titles.get(card.id) ?? card.title }));
}

/**
 * The home envelope for readers of these languages, serialized once per cache period (and checked
 * against the contract then), kept as the bytes that go out.
 */
const homeJsonKey = (wanted: readonly string[], adult: boolean) => `home:json:${audienceKey(adult)}:${wanted.join(',')}`;
const listJsonKey = (query: ListQuery, wanted: readonly string[], adult: boolean) =>
  `list:json:${audienceKey(adult)}:${JSON.stringify(query)}:${wanted.join(',')}`;

/** `homeJson` and `seriesListJson` while kept, without a promise (issue 40); undefined: ask them. */
export const keptHomeJson = (reads: CatalogueReads, wanted: readonly string[], adult: boolean) =>
  reads.kept<SharedJson>(homeJsonKey(wanted, adult));
export const keptListJson = (reads: CatalogueReads, query: ListQuery, wanted: readonly string[], adult: boolean) =>
  reads.kept<SharedJson>(listJsonKey(query, wanted, adult));

export function homeJson(reads: CatalogueReads, wanted: readonly string[] = [], adult = false): Promise<SharedJson> {
  return reads.cached(homeJsonKey(wanted, adult), async () => {
    const data = await home(reads, adult);
    const retitle = await inLanguages(reads, [...data.latest, ...data.trending, ...data.newest, ...data.premium], wanted);
    const localized = {
      ...data,
      latest: retitle(data.latest),
      trending: retitle(data.trending),
      newest: retitle(data.newest),
      premium: retitle(data.premium),
    };
    return sharedJson(JSON.stringify(homeResponseSchema.parse({ success: true, data: localized })));
  });
}

export function seriesListJson(
  reads: CatalogueReads,
  query: ListQuery,
  wanted: readonly string[] = [],
  adult = false,
): Promise<SharedJson> {
  return reads.cached(listJsonKey(query, wanted, adult), async () => {
    const data = await seriesList(reads, query, adult);
    const retitle = await inLanguages(reads, data.items, wanted);
    return sharedJson(
      JSON.stringify(seriesListResponseSchema.parse({ success: true, data: { ...data, items: retitle(data.items) } })),
    );
  });
}

export function genres({ db, cached }: CatalogueReads) {
  return cached('genres', async () => (await listGenres(db)).map(toGenre));
}

export function banners({ db, clock, cached }: CatalogueReads) {
  return cached('banners', async () => (await activeBanners(db, clock.now())).flatMap((row) => toBanner(row) ?? []));
}
