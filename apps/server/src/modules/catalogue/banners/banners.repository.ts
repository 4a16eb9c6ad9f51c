import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { at } from '../../../db/sql';
import { banners } from '../../../db/schema';

export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;

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

export async function listBanners(db: Database): Promise<BannerRow[]> {
  return db.select().from(banners).orderBy(asc(banners.position), desc(banners.createdAt));
}

export async function findBanner(db: Database, id: string): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row;
}

export async function insertBanner(db: Database, values: NewBanner): Promise<BannerRow> {
  const [row] = await db.insert(banners).values(values).returning();
  if (!row) throw new Error('insert into banners returned nothing');
  return row;
}

export async function updateBanner(db: Database, id: string, values: Partial<NewBanner>): Promise<BannerRow | undefined> {
  const [row] = await db.update(banners).set(values).where(eq(banners.id, id)).returning();
  return row;
}

export async function deleteBanner(db: Database, id: string): Promise<BannerRow | undefined> {
  const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
  return row;
}
