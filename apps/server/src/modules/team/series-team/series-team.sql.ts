import type { SeriesRole } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { seriesMembers } from '../../../db/schema';

/**
 * The series whose team a row's user is on, as a JSON list beside the row (`userId`, the row's user
 * column): the session's check reads them in its own query, so a request costs no more round trips.
 */
export const seriesRolesColumn = (userId: AnyPgColumn) =>
  sql<SeriesRole[]>`coalesce((
    select jsonb_agg(jsonb_build_object(
      'seriesId', ${seriesMembers.seriesId}, 'role', ${seriesMembers.role}, 'canPublish', ${seriesMembers.canPublish}
    ) order by ${seriesMembers.createdAt}, ${seriesMembers.seriesId})
    from ${seriesMembers} where ${seriesMembers.userId} = ${userId}
  ), '[]'::jsonb)`;
