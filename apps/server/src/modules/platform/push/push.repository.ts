import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { pushHeld, pushQuietHours, pushSubscriptions, pushVapidKeys } from '../../../db/schema';

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface QuietHoursRow {
  startMinute: number;
  endMinute: number;
  timeZone: string;
}

/** The VAPID keys, made now by whoever gets there first: every instance then reads the same pair. */
export async function ensureVapidKeys(db: Database, made: { publicKey: string; privateKey: string }) {
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing();
  const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  return { publicKey: row!.publicKey, privateKey: row!.privateKey };
}

/**
 * Saves a subscription for `userId`, or refreshes its keys when it is already theirs; false, changing
 * nothing, when the endpoint belongs to another account. One statement: two accounts claiming one
 * endpoint at once cannot both have it.
 */
export async function claimSubscription(
  db: Database,
  userId: string,
  values: { endpoint: string; p256dh: string; auth: string },
): Promise<boolean> {
  const saved = await db
    .insert(pushSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: values.p256dh, auth: values.auth },
      setWhere: eq(pushSubscriptions.userId, userId),
    })
    .returning({ id: pushSubscriptions.id });
  return saved.length > 0;
}

export async function deleteSubscription(db: Database, userId: string, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function deleteSubscriptionById(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function subscriptionsOf(db: Database, userId: string): Promise<StoredSubscription[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

export async function findQuietHours(db: Database, userId: string): Promise<QuietHoursRow | undefined> {
  const [row] = await db
    .select({ startMinute: pushQuietHours.startMinute, endMinute: pushQuietHours.endMinute, timeZone: pushQuietHours.timeZone })
    .from(pushQuietHours)
    .where(eq(pushQuietHours.userId, userId));
  return row;
}

export async function setQuietHours(db: Database, userId: string, hours: QuietHoursRow | null): Promise<void> {
  if (!hours) {
    await db.delete(pushQuietHours).where(eq(pushQuietHours.userId, userId));
    return;
  }
  await db
    .insert(pushQuietHours)
    .values({ userId, ...hours })
    .onConflictDoUpdate({ target: pushQuietHours.userId, set: hours });
}

export async function holdPush(
  db: Database,
  userId: string,
  message: { title: string; body: string; link: string | null; locale?: string | null; summary?: string | null },
) {
  await db.insert(pushHeld).values({
    userId,
    title: message.title,
    body: message.body,
    link: message.link,
    locale: message.locale ?? null,
    summary: message.summary ?? null,
  });
}

/** Readers with held pushes, and their quiet hours (none when they were cleared since). */
export async function readersWithHeldPushes(db: Database): Promise<Array<{ userId: string } & Partial<QuietHoursRow>>> {
  return db
    .selectDistinct({
      userId: pushHeld.userId,
      startMinute: pushQuietHours.startMinute,
      endMinute: pushQuietHours.endMinute,
      timeZone: pushQuietHours.timeZone,
    })
    .from(pushHeld)
    .leftJoin(pushQuietHours, eq(pushQuietHours.userId, pushHeld.userId)) as Promise<
    Array<{ userId: string } & Partial<QuietHoursRow>>
  >;
}

/** Takes a reader's held pushes, oldest first: of two instances releasing at once, one gets them. */
export async function takeHeldPushes(db: Database, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .delete(pushHeld)
    .where(inArray(pushHeld.userId, userIds))
    .returning({
      userId: pushHeld.userId,
      title: pushHeld.title,
      body: pushHeld.body,
      link: pushHeld.link,
      locale: pushHeld.locale,
      summary: pushHeld.summary,
      createdAt: pushHeld.createdAt,
    })
    .then((rows) => rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));
}
