import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { purchases } from '../../../../db/schema';

// A reader's purchases, newest first: their own page and the team's page of the user.

export async function purchasesOfUser(db: Database, userId: string, page: number, perPage: number) {
  const where = eq(purchases.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(purchases)
      .where(where)
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(purchases).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
