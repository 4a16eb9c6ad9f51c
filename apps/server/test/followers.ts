import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/sql';
import { hashPassword } from '../src/lib/passwords';
import { TEST_PASSWORD } from './helpers';

export interface Follower {
  id: string;
  email: string;
}

/**
 * Factory: `count` readers following a series, written in two statements (no password hashing:
 * they never log in), with their new-chapter e-mail choice.
 */
export async function buildFollowers(
  db: Database,
  seriesId: string,
  count: number,
  newChapterEmail: 'off' | 'instant' | 'daily' = 'off',
): Promise<Follower[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const readers = rowsOf<Follower>(
    await db.execute(sql`
      insert into users (email, username, password_hash, new_chapter_email)
      select 'f' || g || '_' || ${tag} || '@example.com', 'f' || g || '_' || ${tag}, 'not-a-hash', ${newChapterEmail}
      from generate_series(1, ${count}::int) g
      returning id, email
    `),
  );
  await follow(
    db,
    seriesId,
    readers.map((reader) => reader.id),
  );
  return readers;
}

/** Bookmarks, as the library module writes them. */
export async function follow(db: Database, seriesId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`
    insert into bookmarks (user_id, series_id)
    select ids.id::uuid, ${seriesId}::uuid from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) as ids(id)
    on conflict do nothing
  `);
}

/** How many new-chapter notices each reader has of a chapter (readers with none left out). */
export async function noticesOf(db: Database, chapterId: string, kind = 'new_chapter'): Promise<Map<string, number>> {
  const rows = rowsOf<{ userId: string; n: number }>(
    await db.execute(sql`
      select user_id as "userId", count(*)::int as n from notifications
      where chapter_id = ${chapterId}::uuid and kind = ${kind} group by user_id
    `),
  );
  return new Map(rows.map((row) => [row.userId, row.n]));
}

/** A follower's login (the factory writes no password): sets one and answers what loginAs takes. */
export async function withPassword(db: Database, userId: string): Promise<{ username: string; password: string }> {
  const password = TEST_PASSWORD;
  const [row] = rowsOf<{ username: string }>(
    await db.execute(
      sql`update users set password_hash = ${await hashPassword(password)} where id = ${userId}::uuid returning username`,
    ),
  );
  return { username: row!.username, password };
}

/** How many mails the outbox holds for each of these addresses (addresses with none left out). */
export async function mailsTo(db: Database, addresses: string[]): Promise<Map<string, number>> {
  const rows = rowsOf<{ to: string; n: number }>(
    await db.execute(sql`
      select to_address as "to", count(*)::int as n from mail_outbox
      where to_address in (select jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb))
      group by to_address
    `),
  );
  return new Map(rows.map((row) => [row.to, row.n]));
}
