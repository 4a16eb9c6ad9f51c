// The team's editions of a series and translations of its chapters (issue 35 §2, decision 0039).
// A translation hangs off its chapter: it is read when the chapter is, at its price, with its lock.
import type { ChapterEditionInput, EditionInput, EditionPatch, TeamChapter, TeamEdition } from '@inkwell/contract';
import { AppError } from '../../../../lib/app-error';
import { sanitizeNovelHtml } from '../../../../lib/sanitize';
import {
  deleteSeriesEdition,
  findSeriesById,
  findSeriesEdition,
  insertSeriesEdition,
  seriesEditionsOf,
  type SeriesEditionRow,
  updateSeriesEdition,
} from '../../series';
import type { ChaptersDeps } from '../chapters.deps';
import { forgetUnused } from '../commands/after-write';
import { onlyNovelsHaveText } from '../commands/release-rules';
import { requireChapter, teamChapter } from '../queries/team-chapters';
import {
  deleteChapterEdition,
  deleteSeriesTranslations,
  isTranslationReadable,
  translationsOfSeries,
  upsertChapterEdition,
} from './chapter-editions.repository';

type Deps = Pick<ChaptersDeps, 'db' | 'clock' | 'events'>;

/**
 * After a translation's write: a released chapter that can now be read in that edition is
 * announced to the edition's followers (issue 35 §2); one not out yet is told of at its release.
 */
export async function announceIfReadable(
  deps: Pick<ChaptersDeps, 'db' | 'publishing'>,
  chapter: { id: string; seriesId: string; announcedAt: Date | null },
  language: string,
) {
  if (chapter.announcedAt === null || !(await isTranslationReadable(deps.db, chapter.id, language))) return;
  await deps.publishing.announceTranslation({ id: chapter.id, seriesId: chapter.seriesId, language });
}

const noSuchEdition = () => new AppError('not_found', 'apiErrors.editions.noSuchEdition');

async function requireSeries({ db }: Pick<ChaptersDeps, 'db'>, seriesId: string) {
  const row = await findSeriesById(db, seriesId);
  if (!row) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  return row;
}

/** The translated edition a chapter's translation belongs to, or "not found". */
export async function requireEdition({ db }: Pick<ChaptersDeps, 'db'>, seriesId: string, language: string) {
  const edition = await findSeriesEdition(db, seriesId, language);
  if (!edition) throw noSuchEdition();
  return edition;
}

/** A series' editions as its team lists them: the original first, each with the chapters it has and lacks. */
export async function teamEditions(deps: Pick<ChaptersDeps, 'db'>, seriesId: string): Promise<TeamEdition[]> {
  const row = await requireSeries(deps, seriesId);
  const [editions, { chapters, readable }] = await Promise.all([
    seriesEditionsOf(deps.db, seriesId),
    translationsOfSeries(deps.db, seriesId),
  ]);
  const original: TeamEdition = {
    language: row.originalLanguage,
    title: row.title,
    description: row.description,
    isOriginal: true,
    chapterCount: chapters.length,
    missingChapterNumbers: [],
  };
  return [original, ...editions.map((edition) => toTeamEdition(edition, chapters, readable))];
}

function toTeamEdition(
  edition: SeriesEditionRow,
  chapters: { id: string; number: number }[],
  readable: { chapterId: string; language: string }[],
): TeamEdition {
  const has = new Set(readable.filter((row) => row.language === edition.language).map((row) => row.chapterId));
  return {
    language: edition.language,
    title: edition.title,
    description: edition.description,
    isOriginal: false,
    chapterCount: chapters.filter((chapter) => has.has(chapter.id)).length,
    missingChapterNumbers: chapters.filter((chapter) => !has.has(chapter.id)).map((chapter) => chapter.number),
  };
}

async function teamEdition(deps: Pick<ChaptersDeps, 'db'>, seriesId: string, language: string): Promise<TeamEdition> {
  const found = (await teamEditions(deps, seriesId)).find((edition) => edition.language === language && !edition.isOriginal);
  if (!found) throw noSuchEdition();
  return found;
}

/** A new translated edition; its chapters are then translated one by one. */
export async function createEdition(deps: Deps, seriesId: string, input: EditionInput & { language: string }) {
  const row = await requireSeries(deps, seriesId);
  const conflict = (message: 'apiErrors.editions.originalLanguage' | 'apiErrors.editions.editionTaken') =>
    new AppError('conflict', message, { fields: { language: message } });
  if (input.language === row.originalLanguage) throw conflict('apiErrors.editions.originalLanguage');
  const created = await insertSeriesEdition(deps.db, {
    seriesId,
    language: input.language,
    title: input.title,
    description: input.description ?? '',
  });
  if (!created) throw conflict('apiErrors.editions.editionTaken');
  deps.events.publish({ type: 'series.changed', seriesId });
  return teamEdition(deps, seriesId, input.language);
}

export async function editEdition(deps: Deps, seriesId: string, language: string, patch: EditionPatch) {
  await requireSeries(deps, seriesId);
  const updated = await updateSeriesEdition(deps.db, seriesId, language, { ...patch, updatedAt: deps.clock.now() });
  if (!updated) throw noSuchEdition();
  deps.events.publish({ type: 'series.changed', seriesId });
  return teamEdition(deps, seriesId, language);
}

/** Removes an edition with every chapter translation in it and their pages. */
export async function removeEdition(deps: Deps & Pick<ChaptersDeps, 'images'>, seriesId: string, language: string) {
  await requireSeries(deps, seriesId);
  const keys = await deps.db.transaction(async (tx) => {
    if (!(await deleteSeriesEdition(tx, seriesId, language))) throw noSuchEdition();
    return deleteSeriesTranslations(tx, seriesId, language);
  });
  deps.events.publish({ type: 'series.changed', seriesId });
  await forgetUnused(deps, keys);
}

/**
 * Writes a chapter's translation into one of its series' editions: its title and, for a novel,
 * its text, sanitized as a chapter's text is (left out: the text it has stays).
 */
export async function putChapterEdition(
  deps: Pick<ChaptersDeps, 'db' | 'clock' | 'events' | 'signer' | 'publishing'>,
  chapterId: string,
  language: string,
  input: ChapterEditionInput,
): Promise<TeamChapter> {
  const { chapter, seriesType } = await requireChapter(deps, chapterId);
  await requireEdition(deps, chapter.seriesId, language);
  if (input.content !== undefined && seriesType !== 'novel') throw onlyNovelsHaveText();
  await upsertChapterEdition(deps.db, {
    chapterId,
    language,
    title: input.title ?? '',
    content: input.content === undefined ? undefined : sanitizeNovelHtml(input.content),
    updatedAt: deps.clock.now(),
  });
  deps.events.publish({ type: 'chapter.changed', seriesId: chapter.seriesId, chapterId });
  await announceIfReadable(deps, chapter, language);
  return teamChapter(deps, chapterId);
}

/** Removes a chapter's translation and its pages: readers of that edition get the original again. */
export async function removeChapterEdition(
  deps: Pick<ChaptersDeps, 'db' | 'clock' | 'events' | 'signer' | 'images'>,
  chapterId: string,
  language: string,
): Promise<TeamChapter> {
  const { chapter } = await requireChapter(deps, chapterId);
  const { keys, found } = await deleteChapterEdition(deps.db, chapterId, language);
  if (!found) throw new AppError('not_found', 'apiErrors.editions.noSuchTranslation');
  deps.events.publish({ type: 'chapter.changed', seriesId: chapter.seriesId, chapterId });
  await forgetUnused(deps, keys);
  return teamChapter(deps, chapterId);
}
