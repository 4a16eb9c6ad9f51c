import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { readingYearShares } from '../../../../db/schema';

/** The years a reader shares, with their links' tokens, for their export (issue 36 §3). */
export async function statsForExport(db: Database, userId: string) {
  return db
    .select({ year: readingYearShares.year, token: readingYearShares.token, createdAt: readingYearShares.createdAt })
    .from(readingYearShares)
    .where(eq(readingYearShares.userId, userId))
    .orderBy(asc(readingYearShares.year));
}
