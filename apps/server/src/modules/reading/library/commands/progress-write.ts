import type { ProgressInput } from '@inkwell/contract';
import { canReadChapter, chapterAccess, isTeam, type ChapterForAccess, type Viewer } from '../../../identity/access';
import type { ProgressWrite } from '../library.repository';
import { readingTimeMs, type ChapterLength } from '../reading-time';

/**
 * Where a long strip or a novel counts as read: its end is in view. Clients send `completed` when
 * they see the end; this catches the ones that only send the position (issue 9 §1: long strips
 * were never marked read on other sites).
 */
export const COMPLETED_POSITION = 0.98;

/** Whether a reading reached the end of the chapter, in any mode. */
function reachesEnd(input: ProgressInput, pageCount: number): boolean {
  if (input.completed === true) return true;
  if (input.position !== undefined && input.position >= COMPLETED_POSITION) return true;
  return input.page !== undefined && pageCount > 0 && input.page >= pageCount;
}

/** From when reaching a chapter first opened now counts as reading it: its reading time on. */
export const finishCountsAt = (chapter: ChapterLength, now: Date) => new Date(now.getTime() + readingTimeMs(chapter));

/** A reader's place in a chapter as it is written: where they are, when, and from when its end counts. */
export function progressWrite(
  userId: string,
  chapter: ChapterLength & { seriesId: string; pageCount: number },
  chapterId: string,
  input: ProgressInput,
  readAt: Date,
  now: Date,
): ProgressWrite {
  return {
    userId,
    chapterId,
    seriesId: chapter.seriesId,
    page: input.page ?? null,
    position: input.position ?? null,
    completed: reachesEnd(input, chapter.pageCount),
    readAt,
    finishCountsAt: finishCountsAt(chapter, now),
  };
}

/** DESIGN §5 through the access module: a chapter that is out, in a series that is out, and readable by this viewer. */
export function isReadable(chapter: ChapterForAccess & { seriesIsPublished: boolean }, viewer: Viewer, now: Date) {
  if (!chapter.seriesIsPublished && !isTeam(viewer)) return false;
  const access = chapterAccess(chapter, viewer, now);
  return access !== 'scheduled' && canReadChapter(access, viewer);
}
