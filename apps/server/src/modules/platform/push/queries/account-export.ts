import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { pushQuietHours, pushSubscriptions } from '../../../../db/schema';

/** The host of a push endpoint: the rest of its address is the browser's secret. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

/** A reader's push subscriptions (their services' hosts) and quiet hours, for their export (issue 36 §3). */
export async function pushForExport(db: Database, userId: string) {
  const [subscriptions, [quietHours]] = await Promise.all([
    db
      .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
    db
      .select({ startMinute: pushQuietHours.startMinute, endMinute: pushQuietHours.endMinute, timeZone: pushQuietHours.timeZone })
      .from(pushQuietHours)
      .where(eq(pushQuietHours.userId, userId)),
  ]);
  return {
    subscriptions: subscriptions.map((row) => ({ host: hostOf(row.endpoint), createdAt: row.createdAt })),
    quietHours: quietHours ?? null,
  };
}
