import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { listCounts } from './schema';

/**
 * How many rows a big list holds under any of `keys`, read from list_counts (kept exact by
 * triggers in the writers' transactions: migration 0009) instead of counting every row.
 */
export function listCountQuery(db: Database, list: (typeof listCounts.list.enumValues)[number], keys: string[]) {
  return db
    .select({ n: sql<number>`coalesce(sum(${listCounts.n}), 0)::int` })
    .from(listCounts)
    .where(and(eq(listCounts.list, list), inArray(listCounts.key, keys)));
}

/** Every combination of the values a list's key is made of, as the triggers write them (`reader:false`). */
export const countKeys = (...parts: readonly (readonly string[])[]): string[] =>
  parts.reduce<string[]>((keys, values) => keys.flatMap((key) => values.map((value) => (key ? `${key}:${value}` : value))), ['']);
