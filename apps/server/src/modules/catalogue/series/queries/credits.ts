import type { Credit } from '@inkwell/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { seriesCredits } from '../../../../db/schema';
import { joinUser, userNameColumns } from '../../../identity/users';

// A series' default credits (issue 37 §2), each with its linked account's current name: a renamed
// user shows under their new name at once, as nothing but the link is kept here.

/** The columns of a credit as shown, from a credits table joined to its user (`joinUser`, left). */
const creditColumns = {
  role: seriesCredits.role,
  name: seriesCredits.name,
  userId: seriesCredits.userId,
  username: userNameColumns.username,
};

/** A series' default credits, in the team's order. */
export async function seriesCreditsOf(db: Database, seriesId: string): Promise<Credit[]> {
  return db
    .select(creditColumns)
    .from(seriesCredits)
    .leftJoin(...joinUser(seriesCredits.userId))
    .where(eq(seriesCredits.seriesId, seriesId))
    .orderBy(asc(seriesCredits.position));
}
