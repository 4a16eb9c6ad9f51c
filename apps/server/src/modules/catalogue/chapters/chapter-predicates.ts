import { sql, type SQL } from 'drizzle-orm';
import { at } from '../../../db/sql';
import { chapters } from '../../../db/schema';

/**
 * The chapter rules other modules' SQL joins chapters by, written once (issue 34 §2); the contract's
 * `isChapterOut` and `isChapterForSale` are their TypeScript twins: change both together. `c` is
 * the alias a raw query gives the chapters row (`from chapters c`); without it, the table's own
 * columns. `now` is the service's clock, never the database's `now()`.
 */
const column = (name: 'published_at' | 'price' | 'free_at', c?: string): SQL => {
  if (c) return sql.raw(`${c}.${name}`);
  return sql`${{ published_at: chapters.publishedAt, price: chapters.price, free_at: chapters.freeAt }[name]}`;
};

/** Out at `now`: its release time has come (never a draft, nor a scheduled one). */
export const chapterIsOut = (now: Date, c?: string): SQL => sql`${column('published_at', c)} <= ${at(now)}`;

/** Not out at `now`: a draft or a scheduled one (few, on chapters_published_idx), for anti-joins. */
export const chapterIsNotOut = (now: Date, c?: string): SQL =>
  sql`(${column('published_at', c)} is null or ${column('published_at', c)} > ${at(now)})`;

/** For sale at `now`: priced and not yet free. Whether a reader holds it is the wallet's. */
export const chapterForSale = (now: Date, c?: string): SQL =>
  sql`${column('price', c)} > 0 and (${column('free_at', c)} is null or ${column('free_at', c)} > ${at(now)})`;
