import type { TeamChapter, TeamChapterRow } from '@inkwell/contract';
import { AppError } from '../../../../lib/app-error';
import type { ChaptersDeps } from '../chapters.deps';
import { toTeamChapter, toTeamChapterEditions, toTeamChapterRow } from '../chapters.presenter';
import { findChapterWithSeriesType, teamChaptersOf } from '../chapters.repository';
import { chapterEditionsOf, translatedPagesOf } from '../editions/chapter-editions.repository';
import { chapterCreditsOf } from './credits';
import { pagesOfChapter } from './pages';

/** A chapter with its series' type, or "not found". */
export async function requireChapter({ db }: Pick<ChaptersDeps, 'db'>, id: string) {
  const row = await findChapterWithSeriesType(db, id);
  if (!row) throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
  return row;
}

/** A chapter as the team edits it, with its pages' signed URLs and its translations. */
export async function teamChapter(deps: Pick<ChaptersDeps, 'db' | 'clock' | 'signer'>, id: string): Promise<TeamChapter> {
  const { chapter, seriesType } = await requireChapter(deps, id);
  const now = deps.clock.now();
  const [pages, editions, translatedPages, credits] = await Promise.all([
    pagesOfChapter(deps.db, id),
    chapterEditionsOf(deps.db, id),
    translatedPagesOf(deps.db, id),
    chapterCreditsOf(deps.db, id),
  ]);
  const translations = toTeamChapterEditions(editions, translatedPages, deps.signer, now);
  return toTeamChapter(chapter, seriesType, pages, deps.signer, now, translations, credits);
}

/** A series' chapters as the team lists them, drafts and scheduled ones included. */
export async function teamChapterRows(
  { db, clock }: Pick<ChaptersDeps, 'db' | 'clock'>,
  seriesId: string,
): Promise<TeamChapterRow[]> {
  const now = clock.now();
  return (await teamChaptersOf(db, seriesId)).map((row) => toTeamChapterRow(row, now));
}
