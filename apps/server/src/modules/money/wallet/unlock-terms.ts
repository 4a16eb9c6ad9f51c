import type { Role } from '@inkwell/contract';
import type { Transaction } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { chaptersWithSaleTerms } from '../../catalogue/chapters';
import { findPublishedSeries } from '../../catalogue/series';
import { chapterAccess, type Viewer } from '../../identity/access';
import { hasPremiumPassNow } from '../../identity/users';
import { bundleCharge } from './ladder';
import { chaptersForSaleCount, openAmong } from './unlocks.repository';

/**
 * The chapters asked for, as this reader sees them now, and which of them are still to open:
 * for coins (`buying`), every one they do not own, a rented one included (coins buy for good,
 * and the rental would end); for a pass, every one they cannot open now.
 */
export async function chaptersAsked(
  tx: Transaction,
  user: { id: string; role: Role },
  ids: string[],
  seriesId: string | undefined,
  now: Date,
  { buying }: { buying: boolean },
) {
  if (seriesId && !(await findPublishedSeries(tx, seriesId))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  const rows = await chaptersWithSaleTerms(tx, ids);
  const found = rows.filter((row) => row.seriesPublished && (!seriesId || row.seriesId === seriesId));
  const { unlocked, rentedUntil } = await openAmong(tx, user.id, ids, now);
  const rented = new Set(rentedUntil.keys());
  const viewer: Viewer = {
    userId: user.id,
    role: user.role,
    hasPremiumPass: await hasPremiumPassNow(tx, user.id, now),
    unlocked: buying ? new Set([...unlocked].filter((id) => !rented.has(id))) : unlocked,
  };
  const readable = found.filter((row) => chapterAccess(row, viewer, now) !== 'scheduled');
  if (readable.length !== ids.length) throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
  const toBuy = readable.filter((row) => {
    const access = chapterAccess(row, viewer, now);
    return access === 'locked' || access === 'early_access';
  });
  return { found: readable, toBuy, rented };
}

/**
 * The price of what is for sale, and the series' bundle discount when it takes every chapter
 * still locked to the reader (chapters they rent now may be taken with them or not: the lists'
 * "All" holds the locked ones).
 */
export async function priceOf(
  tx: Transaction,
  userId: string,
  toBuy: { id: string; price: number; seriesId: string; bundleDiscountPercent: number }[],
  rented: ReadonlySet<string>,
  isBulk: boolean,
  now: Date,
) {
  const total = toBuy.reduce((sum, row) => sum + row.price, 0);
  const first = toBuy[0];
  const isAllRemaining =
    isBulk &&
    first !== undefined &&
    toBuy.length >= 2 &&
    (await chaptersForSaleCount(tx, userId, first.seriesId, now)) === toBuy.filter((row) => !rented.has(row.id)).length;
  const discount = isAllRemaining ? first.bundleDiscountPercent : 0;
  return { total, discount, charged: bundleCharge(total, discount) };
}
