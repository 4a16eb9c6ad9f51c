import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chapterFreeAlerts, passAlerts } from '../../../db/schema';
import { chapterIsOut } from '../../catalogue/chapters';
import { at, rowsOf } from '../../../db/sql';
import type { NoticeMessage } from './notice-messages';

/** Idempotent: asking twice keeps one alert. */
export async function addFreeAlert(db: Database, userId: string, chapterId: string, now: Date): Promise<void> {
  await db.insert(chapterFreeAlerts).values({ userId, chapterId, createdAt: now }).onConflictDoNothing();
}

/** Idempotent: removing an alert that is not there does nothing. */
export async function removeFreeAlert(db: Database, userId: string, chapterId: string): Promise<void> {
  await db.delete(chapterFreeAlerts).where(and(eq(chapterFreeAlerts.userId, userId), eq(chapterFreeAlerts.chapterId, chapterId)));
}

/** True while the reader waits for this chapter to turn free. */
export async function hasPendingFreeAlert(db: Database, userId: string, chapterId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: chapterFreeAlerts.userId })
    .from(chapterFreeAlerts)
    .where(
      and(eq(chapterFreeAlerts.userId, userId), eq(chapterFreeAlerts.chapterId, chapterId), isNull(chapterFreeAlerts.notifiedAt)),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Issue 9 §2 notify-when-free, in one statement: claims every pending alert whose chapter is free
 * by `now` (its free date passed, or its price went to 0) and is out in a published series —
 * a conditional update of `notified_at`, so two instances racing notify each reader once — and
 * writes the claimed readers' notices from what it claimed: the chapter's number as the reader shows
 * it (trim_scale drops the numeric's ".00") and title, said in the reader's language when read.
 */
export async function notifyFreedChapters(db: Database, now: Date): Promise<number> {
  const result = await db.execute(sql`
    with claimed as (
      update chapter_free_alerts a set notified_at = ${at(now)}
      from chapters c join series s on s.id = c.series_id
      where a.chapter_id = c.id
        and a.notified_at is null
        and ${chapterIsOut(now, 'c')}
        and (c.free_at <= ${at(now)} or c.price = 0)
        and s.is_published
      returning a.user_id, c.id as chapter_id, c.number, c.title as chapter_title, c.slug as chapter_slug,
        s.slug as series_slug, s.title as series_title
    ), inserted as (
      insert into notifications (user_id, message, message_values, link, kind, chapter_id, created_at)
      select user_id, ${'chapterFree' satisfies NoticeMessage},
        jsonb_build_object('series', series_title, 'number', trim_scale(number)::text, 'chapterTitle', chapter_title),
        '/SeriesView/' || series_slug || '/' || chapter_slug,
        'chapter_free', chapter_id, ${at(now)}
      from claimed
      returning 1
    )
    select count(*)::int as notified from inserted
  `);
  return rowsOf<{ notified: number }>(result)[0]?.notified ?? 0;
}

// "Notify me when my pass is back" (issue 22 §1).

/** Asked (again): due at `notifyAt`, and not yet told. */
export async function upsertPassAlert(db: Database, userId: string, seriesId: string, notifyAt: Date, now: Date): Promise<void> {
  await db
    .insert(passAlerts)
    .values({ userId, seriesId, notifyAt, createdAt: now })
    .onConflictDoUpdate({
      target: [passAlerts.userId, passAlerts.seriesId],
      set: { notifyAt, notifiedAt: null, createdAt: now },
    });
}

export async function removePassAlert(db: Database, userId: string, seriesId: string): Promise<void> {
  await db.delete(passAlerts).where(and(eq(passAlerts.userId, userId), eq(passAlerts.seriesId, seriesId)));
}

/** When a reader's pending alert of a series is due, if they have one. */
export async function pendingPassAlert(db: Database, userId: string, seriesId: string): Promise<Date | null> {
  const [row] = await db
    .select({ notifyAt: passAlerts.notifyAt })
    .from(passAlerts)
    .where(and(eq(passAlerts.userId, userId), eq(passAlerts.seriesId, seriesId), isNull(passAlerts.notifiedAt)))
    .limit(1);
  return row?.notifyAt ?? null;
}

/**
 * Claims every pending pass alert due by `now` in a published series (a conditional update, so
 * two instances racing tell each reader once) and writes their notices, in one statement.
 */
export async function notifyReadyPasses(db: Database, now: Date): Promise<number> {
  const result = await db.execute(sql`
    with claimed as (
      update pass_alerts a set notified_at = ${at(now)}
      from series s
      where a.series_id = s.id and a.notified_at is null and a.notify_at <= ${at(now)} and s.is_published
      returning a.user_id, s.slug as series_slug, s.title as series_title
    ), inserted as (
      insert into notifications (user_id, message, message_values, link, kind, created_at)
      select user_id, ${'passReady' satisfies NoticeMessage}, jsonb_build_object('series', series_title),
        '/SeriesView/' || series_slug, 'pass_ready', ${at(now)}
      from claimed
      returning 1
    )
    select count(*)::int as notified from inserted
  `);
  return rowsOf<{ notified: number }>(result)[0]?.notified ?? 0;
}
