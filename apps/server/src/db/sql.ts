import { sql } from 'drizzle-orm';

/** A moment as a query parameter; both drivers take the ISO text. */
export const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/** Escapes LIKE's wildcards so a search for "100%" means the characters. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Pagination of a list answer. */
export const pageInfo = (page: number, perPage: number, total: number) => ({
  page,
  perPage,
  total,
  totalPages: Math.max(1, Math.ceil(total / perPage)),
});

/**
 * Pagination of a list whose count may stop at a cap (`totalCapped`: at least `total` match). Past
 * the cap there is a page after any full one, so the pages go on one at a time.
 */
export function cappedPageInfo(page: number, perPage: number, total: number, totalCapped: boolean) {
  const info = pageInfo(page, perPage, total);
  return { ...info, totalCapped, totalPages: totalCapped ? Math.max(info.totalPages, page + 1) : info.totalPages };
}

/** The rows of `db.execute(sql…)`, typed: both drivers (node-postgres and PGlite) answer an object holding them. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * How many rows match, for a page whose rows carry that count (`count(*) over ()` before the
 * limit): the first row's, or, for an empty page, the count read on its own (none past page 1 is 0).
 */
export async function totalOfPage(rows: readonly { total: number | null }[], page: number, count: () => Promise<number>) {
  if (rows[0]) return rows[0].total ?? 0;
  return page > 1 ? count() : 0;
}
