import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chapterReadableIn, findChapterShownNow } from '../../catalogue/chapters';
import { originalLanguageOf, readerEditionOf } from '../../catalogue/series';
import { at, rowsOf } from '../../../db/sql';
import type { NoticeMessage, StoredNotice } from './notice-messages';

/** A chapter as its notices and mails name it. */
export interface ReleasedChapter {
  id: string;
  seriesId: string;
  number: number;
  title: string;
  slug: string;
  seriesSlug: string;
  seriesTitle: string;
  announcedAt: Date;
}

/** Who gets an e-mail about a new chapter. */
export interface MailRecipient {
  userId: string;
  email: string;
  username: string;
  /** The reader's language (issue 35 §1); null: the site's default. */
  locale: string | null;
}

/** A newly notified reader who also wants the notice by e-mail or by push (issue 21 §4). */
export interface NoticeRecipient extends MailRecipient {
  /** The chapter's address for this reader: in the edition they read it in when that is a translation. */
  link: string;
  wantsMail: boolean;
  wantsPush: boolean;
}

/** One share of a series' followers: those whose id's last byte is `part` modulo `parts` (ids are random). */
export interface FanOutPart {
  part: number;
  parts: number;
}

/**
 * The chapter if it was released and readers may see it now (announced, out, its series
 * published); undefined when it went back to draft or was deleted since its claim.
 */
export async function findReleasedChapter(db: Database, chapterId: string, now: Date): Promise<ReleasedChapter | undefined> {
  const row = await findChapterShownNow(db, chapterId, now);
  if (!row?.announcedAt) return undefined;
  return { ...row, announcedAt: row.announcedAt };
}

/**
 * Instances' clocks may differ a little: a notice written for a release is never older than its
 * claim by more than this, which bounds the duplicate check to the reader's recent notices.
 */
const CLOCK_SKEW = '1 hour';

/**
 * DESIGN §5 notifications: one set-based statement notifies every follower of the chapter's series
 * (in this share of them) who has no notice of it yet (so a retried job adds nothing), and answers
 * the readers among the newly notified who asked for an e-mail per chapter or allowed push. The duplicate check reads the reader's
 * notices since the release through (user_id, created_at), not all of them.
 */
export async function insertNewChapterNotices(
  db: Database,
  notice: { chapter: ReleasedChapter; link: string; now: Date; share: FanOutPart; language?: string | undefined },
): Promise<NoticeRecipient[]> {
  const { chapter, share } = notice;
  // Issue 35 §2: a follower who reads the series in a translated edition hears of the chapter once
  // it can be read there (a translation's own fan-out, `language`); the others at its release.
  const seriesId = sql`${chapter.seriesId}::uuid`;
  const edition = readerEditionOf(seriesId, sql`u.content_languages || array_remove(array[u.locale], null)`);
  const waitsFor =
    notice.language === undefined
      ? sql`(${edition} is null or ${edition} = ${originalLanguageOf(seriesId)} or ${chapterReadableIn(sql`${chapter.id}::uuid`, edition)})`
      : sql`${edition} = ${notice.language}`;
  // At its release, a follower of a translation that is already readable is linked to it, as the
  // translation's own fan-out links its followers (notice.link then carries ?lang= already).
  const link =
    notice.language === undefined
      ? sql`${notice.link} || coalesce('?lang=' || nullif(${edition}, ${originalLanguageOf(seriesId)}), '')`
      : sql`${notice.link}`;
  // Said in each reader's language when read (notice-messages.ts).
  const values = { series: chapter.seriesTitle, number: chapter.number, chapterTitle: chapter.title };
  const result = await db.execute(sql`
    with inserted as (
      insert into notifications (user_id, message, message_values, link, kind, chapter_id, created_at)
      select b.user_id, ${'newChapter' satisfies NoticeMessage}, ${JSON.stringify(values)}::jsonb, ${link}, 'new_chapter',
        ${chapter.id}::uuid, ${at(notice.now)}
      from bookmarks b
      join users u on u.id = b.user_id
      where b.series_id = ${chapter.seriesId}::uuid
        and get_byte(uuid_send(b.user_id), 15) % ${share.parts}::int = ${share.part}::int
        and ${waitsFor}
        and not exists (
          select 1 from notifications n
          where n.user_id = b.user_id
            and n.created_at >= ${at(chapter.announcedAt)} - interval '${sql.raw(CLOCK_SKEW)}'
            and n.chapter_id = ${chapter.id}::uuid
            and n.kind = 'new_chapter'
        )
      -- Two runs of one part at once both pass the check above; the unique index keeps one notice.
      on conflict do nothing
      returning user_id, link
    )
    select u.id as "userId", u.email, u.username, u.locale, inserted.link,
      u.new_chapter_email = 'instant' as "wantsMail",
      exists (select 1 from push_subscriptions p where p.user_id = u.id) as "wantsPush"
    from inserted join users u on u.id = inserted.user_id
    where not u.is_banned
      and (u.new_chapter_email = 'instant' or exists (select 1 from push_subscriptions p where p.user_id = u.id))
  `);
  return rowsOf<NoticeRecipient>(result);
}

/** A reader's daily digest, claimed: who, and since when their new chapters go in it. */
export interface ClaimedDigest extends MailRecipient {
  since: Date;
}

/**
 * Claims up to `limit` readers whose daily digest is due (the window of their last one closed
 * `interval` before `until`, or they never had one) and who have a new-chapter notice since it: a
 * conditional update of `last_digest_at` to `until` (the end of the window this digest covers)
 * that only succeeds if nobody moved it meanwhile, so two instances racing send each digest once.
 * A reader who never had one gets the last `interval` of notices.
 */
export async function claimDueDigests(db: Database, until: Date, interval: string, limit: number): Promise<ClaimedDigest[]> {
  const result = await db.execute(sql`
    with due as (
      select u.id, u.last_digest_at as previous,
        coalesce(u.last_digest_at, ${at(until)} - interval '${sql.raw(interval)}') as since
      from users u
      where u.new_chapter_email = 'daily'
        and not u.is_banned
        and (u.last_digest_at is null or u.last_digest_at <= ${at(until)} - interval '${sql.raw(interval)}')
        and exists (
          select 1 from notifications n
          where n.user_id = u.id and n.kind = 'new_chapter'
            and n.created_at > coalesce(u.last_digest_at, ${at(until)} - interval '${sql.raw(interval)}')
            and n.created_at <= ${at(until)}
        )
      order by u.last_digest_at nulls first, u.id
      limit ${limit}
    )
    update users u set last_digest_at = ${at(until)}
    from due
    where u.id = due.id and u.last_digest_at is not distinct from due.previous
    returning u.id as "userId", u.email, u.username, u.locale, due.since
  `);
  return rowsOf<ClaimedDigest & { since: Date | string }>(result).map((row) => ({ ...row, since: new Date(row.since) }));
}

/** A new-chapter notice as a digest lists it: stored as its message, said in the reader's language. */
export interface DigestEntry extends StoredNotice {
  userId: string;
  link: string | null;
  /** How many notices the reader has in the window, beyond the ones listed too. */
  total: number;
}

/** The new-chapter notices of these readers in (since, until], oldest first, at most `perUser` each (with their count). */
export async function digestEntries(
  db: Database,
  readers: { userId: string; since: Date }[],
  until: Date,
  perUser: number,
): Promise<DigestEntry[]> {
  if (readers.length === 0) return [];
  const windows = readers.map((reader) => ({ user_id: reader.userId, since: reader.since.toISOString() }));
  const result = await db.execute(sql`
    select r.user_id as "userId", n.title, n.description, n.message, n.message_values as "messageValues", n.link, n.total
    from jsonb_to_recordset(${JSON.stringify(windows)}::jsonb) as r(user_id uuid, since timestamptz)
    cross join lateral (
      -- The window counts every notice of the reader's window before the limit applies.
      select n.title, n.description, n.message, n.message_values, n.link, n.created_at, (count(*) over ())::int as total
      from notifications n
      where n.user_id = r.user_id and n.kind = 'new_chapter' and n.created_at > r.since and n.created_at <= ${at(until)}
      order by n.created_at, n.id
      limit ${perUser}
    ) n
    order by r.user_id, n.created_at
  `);
  return rowsOf<DigestEntry>(result);
}
