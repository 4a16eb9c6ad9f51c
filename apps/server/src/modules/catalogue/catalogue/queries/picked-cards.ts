import type { SeriesCard } from '@inkwell/contract';
import { and, asc, inArray, ne, sql } from 'drizzle-orm';
import { series, seriesGenres } from '../../../../db/schema';
import { latestChaptersOf } from '../../chapters';
import { type SeriesRow, seriesShown } from '../../series';
import { toCard } from '../catalogue.presenter';
import { cardTitlesFor } from './editions';
import type { CatalogueReads } from './reads';

// Cards of series another module picked (recommendations' "Readers also read" and its cold start,
// issue 39 §5), in the shape of the catalogue's lists and under their audience rule (decision 0041).

/** As the lists' cards: each series' three newest chapters. */
const CARD_CHAPTERS = 3;

/** Who the cards are for: series marked Adult only when `adult`; titles in the reader's languages, most wanted first. */
export interface CardAudience {
  adult: boolean;
  wanted: readonly string[];
}

async function cardsOfRows({ db, clock }: CatalogueReads, rows: SeriesRow[], wanted: readonly string[]): Promise<SeriesCard[]> {
  if (rows.length === 0) return [];
  const now = clock.now();
  const ids = rows.map((row) => row.id);
  const [latest, titles] = await Promise.all([
    latestChaptersOf(db, ids, CARD_CHAPTERS, now),
    wanted.length > 0 ? cardTitlesFor(db, ids, wanted) : Promise.resolve(new Map<string, string>()),
  ]);
  return rows.map((row) => {
    const card = toCard(row, latest.get(row.id) ?? [], now);
    return { ...card, title: titles.get(row.id) ?? card.title };
  });
}

/** Cards of those of these series the audience is shown (published, Adult only when `adult`), in the order given. */
export async function cardsOfSeries(reads: CatalogueReads, ids: readonly string[], { adult, wanted }: CardAudience) {
  if (ids.length === 0) return [];
  const rows = await reads.db
    .select()
    .from(series)
    .where(and(inArray(series.id, [...ids]), seriesShown({ adult })));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return cardsOfRows(
    reads,
    ids.flatMap((id) => byId.get(id) ?? []),
    wanted,
  );
}

/** Up to `limit` series sharing a genre with this one that the audience is shown, most viewed first. */
export async function sameGenreCards(
  reads: CatalogueReads,
  seriesId: string,
  { adult, wanted, limit }: CardAudience & { limit: number },
) {
  const rows = await reads.db
    .select()
    .from(series)
    .where(
      and(
        seriesShown({ adult }),
        ne(series.id, seriesId),
        sql`exists (select 1 from ${seriesGenres} mine join ${seriesGenres} theirs on theirs.genre_id = mine.genre_id
          where mine.series_id = ${seriesId} and theirs.series_id = ${series.id})`,
      ),
    )
    .orderBy(sql`${series.views} desc nulls last`, asc(series.title), asc(series.id))
    .limit(limit);
  return cardsOfRows(reads, rows, wanted);
}
