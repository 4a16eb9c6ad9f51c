import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { readingYearShares } from '../../../db/schema';

// The shared yearly cards (reading_year_shares): one link per reader and year, until they stop sharing.

export async function findShareOf(db: Database, userId: string, year: number) {
  const [row] = await db
    .select({ token: readingYearShares.token })
    .from(readingYearShares)
    .where(and(eq(readingYearShares.userId, userId), eq(readingYearShares.year, year)));
  return row;
}

export async function findShareByToken(db: Database, token: string) {
  const [row] = await db
    .select({ userId: readingYearShares.userId, year: readingYearShares.year })
    .from(readingYearShares)
    .where(eq(readingYearShares.token, token));
  return row;
}

/** The year's link, made with `token` unless the reader shares the year already (then theirs stays). */
export async function insertShare(db: Database, userId: string, year: number, token: string) {
  await db.insert(readingYearShares).values({ userId, year, token }).onConflictDoNothing();
  return findShareOf(db, userId, year);
}

export async function deleteShare(db: Database, userId: string, year: number): Promise<boolean> {
  const gone = await db
    .delete(readingYearShares)
    .where(and(eq(readingYearShares.userId, userId), eq(readingYearShares.year, year)))
    .returning({ token: readingYearShares.token });
  return gone.length > 0;
}
