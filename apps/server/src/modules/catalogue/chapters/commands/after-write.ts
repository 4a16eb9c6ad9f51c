import type { ChaptersDeps } from '../chapters.deps';
import { refreshLastChapterAt } from './chapter-rows';
import { imageKeysInUse } from '../pages.repository';

/** After a chapter write: a chapter that is out now is released (once), the series' latest date is kept true, every instance told. */
export async function chapterWritten(
  { db, clock, publishing, events }: Pick<ChaptersDeps, 'db' | 'clock' | 'publishing' | 'events'>,
  seriesId: string,
  chapterId: string,
) {
  await publishing.publishDue();
  await refreshLastChapterAt(db, [seriesId], clock.now());
  events.publish({ type: 'chapter.changed', seriesId, chapterId });
}

/** Deletes stored pages that no chapter shows any more, with their variants. */
export async function forgetUnused({ db, images }: Pick<ChaptersDeps, 'db' | 'images'>, keys: string[]) {
  const inUse = await imageKeysInUse(db, keys);
  await images.forget(keys.filter((key) => !inUse.has(key)));
}
