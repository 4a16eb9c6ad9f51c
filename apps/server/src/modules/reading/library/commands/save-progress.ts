import type { ProgressInput } from '@inkwell/contract';
import { AppError } from '../../../../lib/app-error';
import { findChapterForProgress } from '../../../catalogue/chapters';
import type { Viewer } from '../../../identity/access';
import type { LibraryDeps } from '../library.deps';
import { toChapterProgress } from '../library.presenter';
import { saveProgress as writeProgress, writeProgressIfNewer } from '../library.repository';
import { recordPlace, type PlaceDevice } from '../places.repository';
import { isReadable, progressWrite } from './progress-write';

/**
 * Where the viewer is in a chapter, opened now. Only a chapter they may read counts; any
 * other (unknown, not out, locked) is "not found", so nothing is learnt about it.
 */
export async function saveProgress(
  { db, clock, unlocks, events }: LibraryDeps,
  viewer: Viewer,
  chapterId: string,
  input: ProgressInput,
  device?: PlaceDevice,
) {
  const now = clock.now();
  const chapter = await findChapterForProgress(db, chapterId);
  const withUnlocks = chapter ? await unlocks.withUnlocksAmong(viewer, [chapter.id]) : viewer;
  if (!chapter || !viewer.userId || !isReadable(chapter, withUnlocks, now)) {
    throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
  }
  const write = progressWrite(viewer.userId, chapter, chapterId, input, now, now);
  // The merged place and this device's own (issue 39 §1) move together or not at all.
  const row = await db.transaction(async (tx) => {
    const saved = await writeProgress(tx, write, now);
    if (device) await recordPlace(tx, write.userId, chapterId, device, write, now);
    return saved;
  });
  events.publish({ type: 'library.changed', userId: write.userId });
  return toChapterProgress(row);
}

/**
 * A place from a reading app (issue 19 §6), made at `at` (the app's clock, never ahead of
 * ours): it moves the reader's one place in the chapter only when it is newer than the one
 * kept, whichever device or protocol wrote that. A chapter the reader may not read is left
 * alone. The device that wrote it keeps its own place too. Answers whether the merged place moved.
 */
export async function placeFromApp(
  { db, clock, unlocks, events }: LibraryDeps,
  viewer: Viewer,
  chapterId: string,
  place: { page?: number | null; position?: number | null; completed?: boolean },
  at: Date,
  device?: PlaceDevice,
): Promise<boolean> {
  const now = clock.now();
  const chapter = await findChapterForProgress(db, chapterId);
  if (!chapter || !viewer.userId) return false;
  if (!isReadable(chapter, await unlocks.withUnlocksAmong(viewer, [chapter.id]), now)) return false;
  const input = { page: place.page ?? undefined, position: place.position ?? undefined, completed: place.completed };
  const write = progressWrite(viewer.userId, chapter, chapterId, input, at > now ? now : at, now);
  // The device's own place is kept even when an older write leaves the merged one as it was.
  const moved = await db.transaction(async (tx) => {
    const taken = await writeProgressIfNewer(tx, write, now);
    if (device) await recordPlace(tx, write.userId, chapterId, device, write, write.readAt);
    return taken;
  });
  if (moved) events.publish({ type: 'library.changed', userId: write.userId });
  return moved;
}
