import type { AuditChange, renumberInputSchema } from '@inkwell/contract';
import type { z } from 'zod';
import { AppError } from '../../../../lib/app-error';
import { isUniqueViolation } from '../../../../lib/db-errors';
import { chapterSlugFor } from '../../../../lib/slug';
import { type AuditContext, recordAuditEntry } from '../../../team/audit';
import { findSeriesById } from '../../series';
import type { ChaptersDeps } from '../chapters.deps';
import { lockChaptersOfSeries, updateChapter } from '../chapters.repository';
import type { NewChapter } from '../chapters.sql';

export type RenumberInput = z.output<typeof renumberInputSchema>;

/** A chapter number as the team writes it: two decimals at most (15.5 + 0.1 is 15.6, not 15.600000000000001). */
const twoDecimals = (n: number) => Math.round(n * 100) / 100;

/** "1–10", or "4" for a range of one. */
const rangeText = (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`);

/**
 * Moves the chapters numbered `from` to `to` (both included) into a volume, shifts their numbers,
 * or both (issue 37 §2), in one transaction with the series' chapters locked. A shift that would
 * put a number below 0, or onto a chapter outside the range, changes nothing: 400 and 409. An
 * address made from the old number follows the new one (`chapterSlugFor`); one chosen by hand stays.
 */
export async function renumberChapters(
  deps: Pick<ChaptersDeps, 'db' | 'clock' | 'events'>,
  seriesId: string,
  input: RenumberInput,
  audit?: AuditContext,
): Promise<{ changed: number }> {
  if (!(await findSeriesById(deps.db, seriesId))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  const shiftBy = input.shiftBy ?? 0;
  let changedIds: string[];
  try {
    changedIds = await deps.db.transaction(async (tx) => {
      const all = await lockChaptersOfSeries(tx, seriesId);
      const inRange = all.filter((chapter) => chapter.number >= input.from && chapter.number <= input.to);
      const outside = new Set(all.filter((chapter) => !inRange.includes(chapter)).map((chapter) => chapter.number));
      for (const chapter of inRange) {
        const number = twoDecimals(chapter.number + shiftBy);
        if (number < 0) {
          const reason = 'apiErrors.credits.renumberBelowZero';
          throw new AppError('validation_failed', reason, { values: { number: chapter.number }, fields: { shiftBy: reason } });
        }
        if (outside.has(number)) {
          const reason = 'apiErrors.credits.renumberCollision';
          throw new AppError('conflict', reason, { values: { number, from: chapter.number }, fields: { shiftBy: reason } });
        }
      }
      // Moved from the far end first, so no number (or address) is ever held by two chapters at once.
      const ordered = shiftBy > 0 ? [...inRange].reverse() : inRange;
      const now = deps.clock.now();
      const changed: string[] = [];
      for (const chapter of ordered) {
        const values: Partial<NewChapter> = {};
        if (shiftBy !== 0) {
          values.number = twoDecimals(chapter.number + shiftBy);
          if (chapter.slug === chapterSlugFor(chapter.number)) values.slug = chapterSlugFor(values.number);
        }
        if (input.volume !== undefined && input.volume !== chapter.volume) values.volume = input.volume;
        if (Object.keys(values).length === 0) continue;
        await updateChapter(tx, chapter.id, { ...values, updatedAt: now });
        changed.push(chapter.id);
      }
      if (audit && changed.length > 0) {
        const changes: AuditChange[] = [];
        if (shiftBy !== 0 && inRange.length > 0) {
          const [first, last] = [inRange[0]!.number, inRange.at(-1)!.number];
          changes.push({
            field: 'Numbers',
            from: rangeText(first, last),
            to: rangeText(twoDecimals(first + shiftBy), twoDecimals(last + shiftBy)),
          });
        }
        if (input.volume !== undefined)
          changes.push({ field: 'Volume', from: null, to: input.volume === null ? null : String(input.volume) });
        await recordAuditEntry(tx, audit, { changes, details: { ...input, changed: changed.length } });
      }
      return changed;
    });
  } catch (error) {
    // A new address taken by a chapter whose address was chosen by hand.
    if (isUniqueViolation(error)) {
      const reason = 'apiErrors.credits.renumberSlugTaken';
      throw new AppError('conflict', reason, { fields: { shiftBy: reason } });
    }
    throw error;
  }
  for (const chapterId of changedIds) deps.events.publish({ type: 'chapter.changed', seriesId, chapterId });
  return { changed: changedIds.length };
}
