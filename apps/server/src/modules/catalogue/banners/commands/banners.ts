import type { Database } from '../../../../db/client';
import { banners } from '../../../../db/schema';
import type { BannerRow, NewBanner } from '../banners.repository';

/** A new banner: the team's create, and the demo's seed. */
export async function insertBanner(db: Database, values: NewBanner): Promise<BannerRow> {
  const [row] = await db.insert(banners).values(values).returning();
  if (!row) throw new Error('insert into banners returned nothing');
  return row;
}
