import type { chapterPatchSchema, TeamChapter } from '@inkwell/contract';
import type { z } from 'zod';
import type { Transaction } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import { conflictOnDuplicate } from '../../../../lib/db-errors';
import { sanitizeNovelHtml } from '../../../../lib/sanitize';
import { chapterSlugFor } from '../../../../lib/slug';
import { type AuditContext, recordAuditEntry } from '../../../team/audit';
import { checkCreditUsers } from '../../series';
import { chapterChanges } from '../chapters.audit';
import type { ChaptersDeps } from '../chapters.deps';
import { findChapterWithSeriesType, lockChapterWithSeriesType, updateChapter } from '../chapters.repository';
import type { ChapterRow, NewChapter } from '../chapters.sql';
import { pageIdsOfChapter } from '../pages.repository';
import { chapterCreditsOf } from '../queries/credits';
import { teamChapter } from '../queries/team-chapters';
import { chapterWritten } from './after-write';
import { setChapterCredits } from './credits';
import { onlyNovelsHaveText, refuseEmptyRelease } from './release-rules';

export type ChapterPatch = z.output<typeof chapterPatchSchema>;

/**
 * What an edit writes to a chapter, worked out from the chapter as it is (locked by the caller),
 * or refused: text on a comic, a free date on a free chapter, a release with nothing to read.
 */
async function editOf(
  tx: Transaction,
  { chapter, seriesType }: { chapter: ChapterRow; seriesType: 'comic' | 'novel' },
  patch: ChapterPatch,
  now: Date,
): Promise<Partial<NewChapter>> {
  if (patch.content !== undefined && seriesType !== 'novel') throw onlyNovelsHaveText();
  const price = patch.price ?? chapter.price;
  // A renumbered chapter keeps a matching address unless its slug was chosen by hand.
  const slug =
    patch.slug ??
    (patch.number !== undefined && chapter.slug === chapterSlugFor(chapter.number) ? chapterSlugFor(patch.number) : chapter.slug);
  const freeAt = patch.freeAt === undefined ? chapter.freeAt : patch.freeAt ? new Date(patch.freeAt) : null;
  if (freeAt && price === 0) {
    throw new AppError('validation_failed', 'apiErrors.catalogue.freeDateNeedsPrice', {
      fields: { freeAt: 'apiErrors.catalogue.freeDateNeedsPrice' },
    });
  }
  const values: Partial<NewChapter> = { price, freeAt, updatedAt: now };
  if (patch.number !== undefined) values.number = patch.number;
  if (patch.volume !== undefined) values.volume = patch.volume;
  if (patch.title !== undefined) values.title = patch.title;
  if (slug !== chapter.slug) values.slug = slug;
  if (patch.publishedAt !== undefined) values.publishedAt = patch.publishedAt ? new Date(patch.publishedAt) : null;
  if (patch.content !== undefined) values.content = sanitizeNovelHtml(patch.content);
  const publishedAt = values.publishedAt === undefined ? chapter.publishedAt : values.publishedAt;
  // Checked when the patch speaks of the release or the text, so an old empty chapter can still be made a draft.
  if (publishedAt && (patch.publishedAt !== undefined || patch.content !== undefined)) {
    const pageCount = seriesType === 'comic' ? (await pageIdsOfChapter(tx, chapter.id)).length : 0;
    refuseEmptyRelease(seriesType, pageCount, values.content === undefined ? chapter.content : values.content);
  }
  if (patch.previewPages !== undefined) values.previewPages = patch.previewPages;
  if (patch.previewPercent !== undefined) values.previewPercent = patch.previewPercent;
  return values;
}

/**
 * Saves a team member's edit, worked out from the chapter as it is locked in the edit's
 * transaction. With `audit` (a team call), its entry names the fields changed, read there too,
 * so a concurrent edit is never counted as this one.
 */
export async function editChapter(
  deps: ChaptersDeps,
  id: string,
  patch: ChapterPatch,
  audit?: AuditContext,
): Promise<TeamChapter> {
  if (patch.credits) await checkCreditUsers(deps.db, patch.credits);
  let chapter: ChapterRow;
  try {
    chapter = await deps.db.transaction(async (tx) => {
      const locked = await lockChapterWithSeriesType(tx, id);
      if (!locked) throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
      const now = deps.clock.now();
      const creditsBefore = audit ? await chapterCreditsOf(tx, id) : [];
      await updateChapter(tx, id, await editOf(tx, locked, patch, now));
      if (patch.credits) await setChapterCredits(tx, id, patch.credits);
      if (audit) {
        const after = { chapter: (await findChapterWithSeriesType(tx, id))!.chapter, credits: await chapterCreditsOf(tx, id) };
        const before = { chapter: locked.chapter, credits: creditsBefore };
        await recordAuditEntry(tx, audit, { changes: chapterChanges(before, after, now) });
      }
      return locked.chapter;
    });
  } catch (error) {
    throw patch.slug === undefined && patch.number !== undefined
      ? conflictOnDuplicate(error, 'number', 'apiErrors.catalogue.chapterNumberTaken', { number: patch.number })
      : conflictOnDuplicate(error, 'slug', 'apiErrors.catalogue.chapterSlugInUse');
  }
  await chapterWritten(deps, chapter.seriesId, id);
  return teamChapter(deps, id);
}
