import type { progressMergeSchema } from '@inkwell/contract';
import type { z } from 'zod';
import { findChaptersForProgress } from '../../../catalogue/chapters';
import type { Viewer } from '../../../identity/access';
import type { LibraryDeps } from '../library.deps';
import { mergeProgress as writeMerged, type ProgressWrite } from '../library.repository';
import { recordPlace, type PlaceDevice } from '../places.repository';
import { COMPLETED_POSITION, finishCountsAt, isReadable } from './progress-write';

export type MergeEntry = z.output<typeof progressMergeSchema>['entries'][number];

/** Two browser entries for one chapter: the furthest, the latest, completed if either is. */
function combine(a: MergeEntry | undefined, b: MergeEntry): MergeEntry {
  if (!a) return b;
  const max = (x: number | null | undefined, y: number | null | undefined) => (x == null ? y : y == null ? x : Math.max(x, y));
  return {
    chapterId: b.chapterId,
    page: max(a.page, b.page),
    position: max(a.position, b.position),
    completed: a.completed === true || b.completed === true,
    readAt: Date.parse(a.readAt) > Date.parse(b.readAt) ? a.readAt : b.readAt,
  };
}

/**
 * A visitor's progress from their browser, merged into their account as they sign in:
 * chapters that do not exist or that they may not read are left out. A write that names its
 * device (OPDS 1.2 page streaming by a device key) keeps that device's place too.
 */
export async function mergeProgress(
  { db, clock, unlocks, events }: LibraryDeps,
  viewer: Viewer,
  entries: MergeEntry[],
  device?: PlaceDevice,
) {
  const now = clock.now();
  if (!viewer.userId || entries.length === 0) return { merged: 0 };
  const byChapter = new Map<string, MergeEntry>();
  for (const entry of entries) byChapter.set(entry.chapterId, combine(byChapter.get(entry.chapterId), entry));
  const found = await findChaptersForProgress(db, [...byChapter.keys()]);
  const withUnlocks = await unlocks.withUnlocksAmong(
    viewer,
    found.map((chapter) => chapter.id),
  );
  const writes: ProgressWrite[] = found
    .filter((chapter) => isReadable(chapter, withUnlocks, now))
    .map((chapter) => {
      const entry = byChapter.get(chapter.id)!;
      const readAt = new Date(entry.readAt);
      return {
        userId: viewer.userId!,
        chapterId: chapter.id,
        seriesId: chapter.seriesId,
        page: entry.page ?? null,
        position: entry.position ?? null,
        completed: entry.completed === true || (entry.position ?? 0) >= COMPLETED_POSITION,
        // A browser's clock may run ahead: nothing is read in the future.
        readAt: readAt > now ? now : readAt,
        finishCountsAt: finishCountsAt(chapter, now),
      };
    });
  const merged = device
    ? await db.transaction(async (tx) => {
        const written = await writeMerged(tx, writes, now);
        for (const write of writes) await recordPlace(tx, write.userId, write.chapterId, device, write, write.readAt);
        return written;
      })
    : await writeMerged(db, writes, now);
  if (merged > 0) events.publish({ type: 'library.changed', userId: viewer.userId });
  return { merged };
}
