import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { banners } from '../../../db/schema';

export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;

export async function listBanners(db: Database): Promise<BannerRow[]> {
  return db.select().from(banners).orderBy(asc(banners.position), desc(banners.createdAt));
}

export async function findBanner(db: Database, id: string): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
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
