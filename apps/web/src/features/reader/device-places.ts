import type { DevicePlace } from '@inkwell/contract';
import { callApiData } from '../../lib/api-client';
import { thisDeviceId } from '../../lib/library/device-id';

/** Another device's place further than this from this one's is offered: more than a page, or 2 %. */
const PAGES_APART = 1;
const SHARE_APART = 0.02;

type Place = Pick<DevicePlace, 'page' | 'position'>;

/** A place as a page of `pageCount` (paged comics), read from the position when only that was kept. */
export const pageOf = (place: Place, pageCount: number) =>
  place.page ??
  (place.position !== null && pageCount > 0 ? Math.min(Math.floor(place.position * pageCount) + 1, pageCount) : null);

/** A place as a share 0–1 of the chapter (novels, long strips), read from the page when only that was kept. */
export const positionOf = (place: Place, pageCount: number) =>
  place.position ?? (place.page !== null && pageCount > 0 ? (place.page - 1) / pageCount : null);

/**
 * The prompt's rule (issue 39 §1): another device's place is offered when it is newer than this
 * device's and more than a page (paged comics) or 2 % (novels, long strips) away from it. Never a
 * silent jump: the reader opens at their own place and chooses.
 */
export function isWorthOffering(own: DevicePlace, other: DevicePlace, mode: 'paged' | 'scroll', pageCount: number): boolean {
  if (Date.parse(other.updatedAt) <= Date.parse(own.updatedAt)) return false;
  if (mode === 'paged') {
    const [here, there] = [pageOf(own, pageCount), pageOf(other, pageCount)];
    return here !== null && there !== null && Math.abs(there - here) > PAGES_APART;
  }
  const [here, there] = [positionOf(own, pageCount), positionOf(other, pageCount)];
  return here !== null && there !== null && Math.abs(there - here) > SHARE_APART;
}

/**
 * This browser's place in a chapter, and the newest other device's when it is worth offering.
 * Loaded with the reader only for a signed-in reader opening a chapter.
 */
export async function devicePlaces(chapterId: string, mode: 'paged' | 'scroll', pageCount: number) {
  const { items } = await callApiData('chapterPlaces', { params: { chapterId }, query: { deviceId: thisDeviceId() } });
  const own = items.find((place) => place.isThisDevice);
  const newestOther = items.find((place) => !place.isThisDevice);
  const elsewhere = own && newestOther && isWorthOffering(own, newestOther, mode, pageCount) ? newestOther : undefined;
  return { own, elsewhere };
}
