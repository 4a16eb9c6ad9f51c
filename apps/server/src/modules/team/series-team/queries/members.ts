import { and, eq } from 'drizzle-orm';
import type { SeriesRole } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { seriesMembers } from '../../../../db/schema';

// What other modules read of a series' team: a user's place on one series (the access guard, the
// chapter rules, the import runner) and all their places (the session's seriesRoles).

/** A user's role on one series' team, or null when they are not on it. */
export interface MemberRole {
  role: SeriesRole['role'];
  canPublish: boolean;
}

/**
 * A user's place on one series' team (one lookup by the primary key), or null. Editors and admins
 * need none: their role is site-wide, and this says nothing about them.
 */
export async function memberRoleOn(db: Database, userId: string, seriesId: string): Promise<MemberRole | null> {
  const [row] = await db
    .select({ role: seriesMembers.role, canPublish: seriesMembers.canPublish })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Every series whose team this user is on, with their role (the session's `seriesRoles`). */
export async function seriesRolesOf(db: Database, userId: string): Promise<SeriesRole[]> {
  return db
    .select({ seriesId: seriesMembers.seriesId, role: seriesMembers.role, canPublish: seriesMembers.canPublish })
    .from(seriesMembers)
    .where(eq(seriesMembers.userId, userId))
    .orderBy(seriesMembers.createdAt);
}
