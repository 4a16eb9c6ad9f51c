import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { at } from '../../../../db/sql';
import { banners } from '../../../../db/schema';
import type { BannerRow } from '../banners.repository';

/** Banners a visitor sees: active, with an image, inside their window. */
export async function activeBanners(db: Database, now: Date): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.isActive, true),
        sql`${banners.imageKey} is not null`,
        sql`(${banners.startsAt} is null or ${banners.startsAt} <= ${at(now)})`,
        sql`(${banners.endsAt} is null or ${banners.endsAt} > ${at(now)})`,
      ),
    )
    .orderBy(asc(banners.position), desc(banners.createdAt));
}
