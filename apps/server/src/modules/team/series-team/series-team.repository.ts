import type { SeriesMemberRole } from '@inkwell/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { seriesMembers } from '../../../db/schema';
import { joinUser, userAuthorColumns } from '../../identity/users';

/** A series' team as the dashboard lists it: creators first, then by name. */
export function membersOf(db: Database, seriesId: string) {
  return db
    .select({
      userId: seriesMembers.userId,
      username: userAuthorColumns.username,
      avatarUrl: userAuthorColumns.avatarUrl,
      role: seriesMembers.role,
      canPublish: seriesMembers.canPublish,
      addedAt: seriesMembers.createdAt,
    })
    .from(seriesMembers)
    .innerJoin(...joinUser(seriesMembers.userId))
    .where(eq(seriesMembers.seriesId, seriesId))
    .orderBy(
      sql`case ${seriesMembers.role} when 'creator' then 0 when 'translator' then 1 else 2 end`,
      asc(userAuthorColumns.username),
    );
}

/** One member's row, locked for the change that reads it (what it was, for the log and the notice). */
export async function lockMember(tx: Transaction, seriesId: string, userId: string) {
  const [row] = await tx
    .select({ role: seriesMembers.role, canPublish: seriesMembers.canPublish })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId)))
    .for('update');
  return row;
}

export async function upsertMember(
  tx: Transaction,
  values: { seriesId: string; userId: string; role: SeriesMemberRole; canPublish: boolean; addedBy: string; now: Date },
): Promise<void> {
  const { now, ...row } = values;
  await tx
    .insert(seriesMembers)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [seriesMembers.seriesId, seriesMembers.userId],
      set: { role: row.role, canPublish: row.canPublish, updatedAt: now },
    });
}

export async function setMemberCanPublish(
  tx: Transaction,
  seriesId: string,
  userId: string,
  canPublish: boolean,
  now: Date,
): Promise<void> {
  await tx
    .update(seriesMembers)
    .set({ canPublish, updatedAt: now })
    .where(and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId)));
}

export async function deleteMember(tx: Transaction, seriesId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId)))
    .returning({ userId: seriesMembers.userId });
  return rows.length > 0;
}
