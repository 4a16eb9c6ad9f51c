import { DEFAULT_PREVIEW_PAGES, DEFAULT_PREVIEW_PERCENT, type chapterInputSchema, type TeamChapter } from '@inkwell/contract';
import type { z } from 'zod';
import { AppError } from '../../../../lib/app-error';
import { conflictOnDuplicate } from '../../../../lib/db-errors';
import { sanitizeNovelHtml } from '../../../../lib/sanitize';
import { chapterSlugFor } from '../../../../lib/slug';
import { checkCreditUsers, findSeriesById } from '../../series';
import type { ChaptersDeps } from '../chapters.deps';
import { insertChapter } from '../chapters.repository';
import { teamChapter } from '../queries/team-chapters';
import { chapterWritten } from './after-write';
import { setChapterCredits } from './credits';
import { onlyNovelsHaveText, refuseEmptyRelease } from './release-rules';

/** A new chapter in a series, as a draft or dated; a comic's comes as a draft (it has no pages yet). */
export async function createChapter(
  deps: ChaptersDeps,
  seriesId: string,
  input: z.output<typeof chapterInputSchema>,
): Promise<TeamChapter> {
  const parent = await findSeriesById(deps.db, seriesId);
  if (!parent) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  if (input.content !== undefined && parent.type !== 'novel') throw onlyNovelsHaveText();
  const slug = input.slug ?? chapterSlugFor(input.number);
  const content = parent.type === 'novel' ? sanitizeNovelHtml(input.content ?? '') : null;
  if (input.publishedAt) refuseEmptyRelease(parent.type, 0, content);
  await checkCreditUsers(deps.db, input.credits);
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const created = await insertChapter(tx, {
        seriesId,
        // Its title, text and pages are in the series' own language; translations are chapter editions.
        language: parent.originalLanguage,
        number: input.number,
        slug,
        title: input.title,
        publishedAt: input.publishedAt ? new Date(input.publishedAt) : null,
        price: input.price,
        freeAt: input.freeAt ? new Date(input.freeAt) : null,
        content,
        previewPages: input.previewPages ?? (input.price > 0 ? DEFAULT_PREVIEW_PAGES : 0),
        previewPercent: input.previewPercent ?? (input.price > 0 ? DEFAULT_PREVIEW_PERCENT : 0),
        volume: input.volume,
      });
      await setChapterCredits(tx, created, input.credits);
      return created;
    });
  } catch (error) {
    // Said in the editor's terms (issue 21 §1): the number they typed, unless they chose the address.
    throw input.slug
      ? conflictOnDuplicate(error, 'slug', 'apiErrors.catalogue.chapterSlugTaken', { slug })
      : conflictOnDuplicate(error, 'number', 'apiErrors.catalogue.chapterNumberTaken', { number: input.number });
  }
  await chapterWritten(deps, seriesId, id);
  return teamChapter(deps, id);
}
