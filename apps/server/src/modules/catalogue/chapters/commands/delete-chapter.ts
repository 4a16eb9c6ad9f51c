import { chapterPrefix } from '../../../platform/media';
import type { ChaptersDeps } from '../chapters.deps';
import { deleteChapter } from '../chapters.repository';
import { refreshLastChapterAt } from './chapter-rows';
import { requireChapter } from '../queries/team-chapters';

/** Deletes a chapter with its pages and every stored copy of them. */
export async function removeChapter({ db, clock, events, storage }: ChaptersDeps, id: string) {
  const { chapter } = await requireChapter({ db }, id);
  await deleteChapter(db, id);
  await refreshLastChapterAt(db, [chapter.seriesId], clock.now());
  events.publish({ type: 'chapter.changed', seriesId: chapter.seriesId, chapterId: id });
  // Its pages and every copy made of them (app page copies, built files) live under its prefix.
  await storage.deletePrefix(chapterPrefix(id));
}
