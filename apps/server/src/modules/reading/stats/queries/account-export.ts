import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { readingYearShares } from '../../../../db/schema';

/** The years a reader shares and since when, for their export (issue 36 §3); never a link's token, as no secret is exported. */
export async function statsForExport(db: Database, userId: string) {
  return db
    .select({ year: readingYearShares.year, createdAt: readingYearShares.createdAt })
    .from(readingYearShares)
    .where(eq(readingYearShares.userId, userId))
    .orderBy(asc(readingYearShares.year));
}
