import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { deviceKeys } from '../../../db/schema';
import { liveSessionFrom } from '../auth';
import { joinUser, lockUser, userNamedMeets, userStandingColumns } from '../users';

type DeviceKeyRow = typeof deviceKeys.$inferSelect;

const listedColumns = {
  id: deviceKeys.id,
  name: deviceKeys.name,
  createdAt: deviceKeys.createdAt,
  lastUsedAt: deviceKeys.lastUsedAt,
  lastUsedAddress: deviceKeys.lastUsedAddress,
};
export type ListedDeviceKey = { [K in keyof typeof listedColumns]: DeviceKeyRow[K] };

/** A reader's keys, oldest first (device_keys_user_id_idx). */
export async function listDeviceKeys(db: Database, userId: string): Promise<ListedDeviceKey[]> {
  return db
    .select(listedColumns)
    .from(deviceKeys)
    .where(eq(deviceKeys.userId, userId))
    .orderBy(asc(deviceKeys.createdAt), asc(deviceKeys.id));
}

/**
 * Adds a key unless the reader already has `max`: the reader's row is locked first, so two
 * requests at once cannot both add the last one allowed. Answers null when the limit is reached.
 */
export async function insertDeviceKey(
  db: Database,
  values: { userId: string; name: string; keySha256: string; keyMd5: string; createdAt: Date },
  max: number,
): Promise<ListedDeviceKey | null> {
  return db.transaction(async (tx) => {
    await lockUser(tx, values.userId);
    const [held] = await tx.select({ n: count() }).from(deviceKeys).where(eq(deviceKeys.userId, values.userId));
    if ((held?.n ?? 0) >= max) return null;
    const [row] = await tx.insert(deviceKeys).values(values).returning(listedColumns);
    return row ?? null;
  });
}

/** Deletes one of the reader's keys; answers whether there was one. */
export async function deleteDeviceKey(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(deviceKeys)
    .where(and(eq(deviceKeys.id, id), eq(deviceKeys.userId, userId)))
    .returning({ id: deviceKeys.id });
  return rows.length > 0;
}

/** The key with this hash (SHA-256 or MD5, hex), with its owner's name and standing. */
export async function findDeviceKeyByHash(db: Database, kind: 'sha256' | 'md5', hash: string) {
  const column = kind === 'sha256' ? deviceKeys.keySha256 : deviceKeys.keyMd5;
  const [row] = await db
    .select({
      id: deviceKeys.id,
      name: deviceKeys.name,
      userId: deviceKeys.userId,
      keySha256: deviceKeys.keySha256,
      keyMd5: deviceKeys.keyMd5,
      ...userStandingColumns,
    })
    .from(deviceKeys)
    .innerJoin(...joinUser(deviceKeys.userId))
    .where(eq(column, hash))
    .limit(1);
  return row;
}

/**
 * Notes a key's use: the time and address, written at most once a minute per key and address, so
 * an app fetching pages one after another does not write a row per page.
 */
export async function touchDeviceKey(db: Database, id: string, at: Date, address: string): Promise<void> {
  const minuteAgo = new Date(at.getTime() - 60_000);
  await db
    .update(deviceKeys)
    .set({ lastUsedAt: at, lastUsedAddress: address })
    .where(
      and(
        eq(deviceKeys.id, id),
        or(
          isNull(deviceKeys.lastUsedAt),
          lt(deviceKeys.lastUsedAt, minuteAgo),
          sql`${deviceKeys.lastUsedAddress} is distinct from ${address}`,
        ),
      ),
    );
}

/**
 * Whether `address` is a place of the account named `username` (any case): it holds a live session
 * of it, or one of its keys was last used from there. Decision 0024's test of the owner's own device.
 */
export function isAccountsAddress(db: Database, username: string, address: string, now: Date): Promise<boolean> {
  return userNamedMeets(db, username, (userId) =>
    or(
      liveSessionFrom(db, userId, address, now),
      sql`exists (${db
        .select({ id: deviceKeys.id })
        .from(deviceKeys)
        .where(and(eq(deviceKeys.userId, userId), eq(deviceKeys.lastUsedAddress, address)))})`,
    ),
  );
}
