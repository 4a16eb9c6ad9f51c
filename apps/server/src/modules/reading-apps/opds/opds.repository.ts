import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { at } from '../../../db/sql';
import { bookmarks, chapterRentals, chapterUnlocks, chapters, series } from '../../../db/schema';
import { chapterIsOut } from '../../catalogue/chapters';

/** A chapter by its id, with the slugs that name its page and its series' kind. */
export async function findChapterRef(db: Database, chapterId: string) {
  const [row] = await db
    .select({ id: chapters.id, slug: chapters.slug, seriesSlug: series.slug, seriesType: series.type })
    .from(chapters)
    .innerJoin(series, eq(series.id, chapters.seriesId))
    .where(eq(chapters.id, chapterId))
    .limit(1);
  return row;
}

/** Whose new chapters: the reader, what of the access rule's viewer the SQL needs, and the adult gate. */
export interface NewChaptersOf {
  userId: string;
  /** A premium pass (or the team): every chapter for sale is theirs. */
  readsAllForSale: boolean;
  /** A member's early-access days per series (the viewer's `earlyAccess`). */
  earlyAccess: ReadonlyMap<string, number>;
  adult: boolean;
}

const DAY_MS = 86_400_000;
/** How far back the new-chapters feeds reach: the chapters that became readable in these last days. */
export const NEW_CHAPTERS_WINDOW_DAYS = 30;

/**
 * When each chapter became readable to the reader, or null when it is not: the access rule
 * (DESIGN §5, `chapterAccess`) in SQL, with the moment each of its ways opened. An out chapter
 * opens at its release when free or read by a plan, at its free date, at its unlock, at the start
 * of a rental still running; a scheduled one in a member's early window, `days` before its time.
 * The rule's TypeScript twin checks every row read (queries/new-chapters.ts).
 */
function readableSince(reader: NewChaptersOf, now: Date): SQL {
  const bought = sql`(select ${chapterUnlocks.createdAt} from ${chapterUnlocks} where ${chapterUnlocks.userId} = ${reader.userId} and ${chapterUnlocks.chapterId} = ${chapters.id})`;
  const rented = sql`(select min(${chapterRentals.startsAt}) from ${chapterRentals} where ${chapterRentals.userId} = ${reader.userId} and ${chapterRentals.chapterId} = ${chapters.id} and ${chapterRentals.endsAt} > ${at(now)})`;
  // The earliest way that opened it, never before its release; none open: null (as `least` of nulls).
  const out = sql`(select greatest(${chapters.publishedAt}, way.opened) from (select least(
    case when ${chapters.price} = 0 then ${chapters.publishedAt} end,
    case when ${chapters.freeAt} <= ${at(now)} then ${chapters.freeAt} end,
    ${reader.readsAllForSale ? chapters.publishedAt : sql`null::timestamptz`},
    ${bought}, ${rented}) as opened) way where way.opened is not null)`;
  const windows = [...reader.earlyAccess].filter(([, days]) => days > 0);
  const early =
    windows.length === 0
      ? sql`null::timestamptz`
      : sql`case ${sql.join(
          windows.map(
            ([seriesId, days]) =>
              sql`when ${chapters.seriesId} = ${seriesId} and ${chapters.publishedAt} - ${`${days * DAY_MS} milliseconds`}::interval <= ${at(now)} then ${chapters.publishedAt} - ${`${days * DAY_MS} milliseconds`}::interval`,
          ),
          sql` `,
        )} end`;
  return sql`(case when ${chapterIsOut(now)} then ${out} else ${early} end)`;
}

/**
 * The chapters of the series a reader follows that they may read now, the latest to become
 * readable first (then the newest out), a page at a time, with when each became readable.
 */
export async function readableNewChapters(db: Database, reader: NewChaptersOf, now: Date, page: number, perPage: number) {
  const since = readableSince(reader, now);
  const where = and(
    eq(series.isPublished, true),
    reader.adult ? undefined : eq(series.isAdult, false),
    isNotNull(chapters.publishedAt),
    // New: readable within the window. An e-reader's sync downloads every entry, so the feed is what
    // came lately, never a followed series' whole back catalogue.
    sql`${since} >= ${at(new Date(now.getTime() - NEW_CHAPTERS_WINDOW_DAYS * DAY_MS))}`,
  );
  const followed = and(eq(bookmarks.seriesId, chapters.seriesId), eq(bookmarks.userId, reader.userId));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: chapters.id,
        seriesId: chapters.seriesId,
        slug: chapters.slug,
        number: chapters.number,
        title: chapters.title,
        publishedAt: chapters.publishedAt,
        price: chapters.price,
        freeAt: chapters.freeAt,
        language: chapters.language,
        volume: chapters.volume,
        readableSince: sql<string | Date>`${since}`,
        unlocked: sql<boolean>`exists (select 1 from ${chapterUnlocks} where ${chapterUnlocks.userId} = ${reader.userId} and ${chapterUnlocks.chapterId} = ${chapters.id})
          or exists (select 1 from ${chapterRentals} where ${chapterRentals.userId} = ${reader.userId} and ${chapterRentals.chapterId} = ${chapters.id} and ${chapterRentals.endsAt} > ${at(now)})`,
        series: {
          id: series.id,
          slug: series.slug,
          title: series.title,
          type: series.type,
          author: series.author,
          artist: series.artist,
          coverKey: series.coverKey,
          coverWidth: series.coverWidth,
          coverHeight: series.coverHeight,
        },
      })
      .from(chapters)
      .innerJoin(bookmarks, followed)
      .innerJoin(series, eq(series.id, chapters.seriesId))
      .where(where)
      .orderBy(desc(since), desc(chapters.publishedAt), desc(chapters.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chapters)
      .innerJoin(bookmarks, followed)
      .innerJoin(series, eq(series.id, chapters.seriesId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
export type NewChapterRow = Awaited<ReturnType<typeof readableNewChapters>>['rows'][number];
