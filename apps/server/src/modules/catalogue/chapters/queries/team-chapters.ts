import type { TeamChapter, TeamChapterRow } from '@inkwell/contract';
import { AppError } from '../../../../lib/app-error';
import type { ChaptersDeps } from '../chapters.deps';
import { toTeamChapter, toTeamChapterRow } from '../chapters.presenter';
import { findChapterWithSeriesType, teamChaptersOf } from '../chapters.repository';
import { pagesOfChapter } from '../pages.repository';

/** A chapter with its series' type, or "not found". */
export async function requireChapter({ db }: Pick<ChaptersDeps, 'db'>, id: string) {
  const row = await findChapterWithSeriesType(db, id);
  if (!row) throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
  return row;
}

/** A chapter as the team edits it, with its pages' signed URLs. */
export async function teamChapter(deps: Pick<ChaptersDeps, 'db' | 'clock' | 'signer'>, id: string): Promise<TeamChapter> {
  const { chapter, seriesType } = await requireChapter(deps, id);
  return toTeamChapter(chapter, seriesType, await pagesOfChapter(deps.db, id), deps.signer, deps.clock.now());
}

/** A series' chapters as the team lists them, drafts and scheduled ones included. */
export async function teamChapterRows(
  { db, clock }: Pick<ChaptersDeps, 'db' | 'clock'>,
  seriesId: string,
): Promise<TeamChapterRow[]> {
  const now = clock.now();
  return (await teamChaptersOf(db, seriesId)).map((row) => toTeamChapterRow(row, now));
}
