import type { ImportItemResult } from '../../../../db/schema';
import { AppError } from '../../../../lib/app-error';
import type { Clock } from '../../../../lib/clock';
import { translatorFor } from '../../../../lib/i18n';
import { slugify } from '../../../../lib/slug';
import type { ImportPlan, PlannedChapter, PlannedSeries, SourceFile } from '../plan';
import type { ChapterWrite, ExistingChapter, ExistingSeries, ImportCatalogue, SeriesWrite } from './catalogue';

/**
 * The write side of an import (issue 37 §1): an ImportPlan applied through the catalogue's own
 * commands, one item at a time. A series is matched by the slug of its title (or is the one an
 * upload names), a chapter by its number in it; an item whose digest is the one its last import
 * wrote is 'unchanged' and nothing is written. Each item is written on its own: one that fails
 * (a page that is not an image, a conflict) fails alone, with its reason, and the rest go on.
 */

export interface RunOptions {
  /** Chapters come out (at ComicInfo's date when it is past, else now) instead of as drafts. */
  publish: boolean;
  /** Nothing is written; the same items and counts are worked out (pages are checked, not encoded). */
  dryRun: boolean;
  /** One file into this existing series (the Import page's `.cbz`/`.epub`): its metadata is left alone. */
  intoSeriesId?: string | null;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface ImportProgress {
  total: number;
  done: number;
  /** The item being written now (its path), or null between items and at the end. */
  current: string | null;
  counts: ImportCounts;
  items: readonly ImportItemResult[];
}

export interface RunnerDeps {
  catalogue: ImportCatalogue;
  clock: Clock;
  /** Reads an image's header and refuses what the pipeline would refuse (a dry run's check, without encoding). */
  checkImage(bytes: Buffer, subject: string): Promise<void>;
  onError?(error: unknown, path: string): void;
}

const english = translatorFor('en');

/** A failed item's reason: a catalogue id (for the page) and its English words (for the shell and the log). */
export function describeFailure(error: unknown): Pick<ImportItemResult, 'code' | 'reason' | 'values'> {
  if (error instanceof AppError) {
    return { code: error.reason, reason: english(error.reason, error.values), ...valuesOf(error.values) };
  }
  // The read side's own refusals (a page read late from an archive: too big, not inside it): an id and its values.
  const read = error as { id?: unknown; values?: Record<string, unknown> } | null;
  if (typeof read?.id === 'string' && read.id.startsWith('apiErrors.')) {
    return { code: read.id, reason: english(read.id, read.values), ...valuesOf(read.values) };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { code: 'apiErrors.importRuns.failed', reason: `${english('apiErrors.importRuns.failed')}: ${detail}` };
}
const failureOf = describeFailure;

/** A message's values as an item keeps them (names and numbers), for the page to say it again in its language. */
function valuesOf(values: Record<string, unknown> | undefined): { values?: Record<string, string | number> } {
  const kept = Object.entries(values ?? {}).filter(
    (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return kept.length > 0 ? { values: Object.fromEntries(kept) } : {};
}

const refusal = (reason: `apiErrors.importRuns.${string}`) => new AppError('validation_failed', reason);

/** "Vol 2 Ch 15.5 — Title": what a chapter was read as, for the summary. */
function chapterLabel(chapter: Pick<PlannedChapter, 'number' | 'volume' | 'title'>): string {
  const head = `${chapter.volume !== null ? `Vol ${chapter.volume} ` : ''}Ch ${chapter.number}`;
  return chapter.title ? `${head} — ${chapter.title}` : head;
}

/** Where a series' chapters go: an existing series, one just created, or (a dry run's new series) none yet. */
interface SeriesTarget {
  series: ExistingSeries | null;
  type: 'comic' | 'novel';
  chapters: Map<number, ExistingChapter>;
  /** Why none of its chapters can be written (the series itself failed). */
  refused?: Pick<ImportItemResult, 'code' | 'reason'>;
}

export async function runImportPlan(
  deps: RunnerDeps,
  plan: ImportPlan,
  options: RunOptions,
  onProgress: (progress: ImportProgress) => void | Promise<void> = () => undefined,
): Promise<{ items: ImportItemResult[]; counts: ImportCounts }> {
  const items: ImportItemResult[] = [];
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const perSeries = options.intoSeriesId ? 0 : 1;
  const total = plan.failures.length + plan.series.reduce((sum, series) => sum + perSeries + series.chapters.length, 0);
  const progress = (current: string | null) => onProgress({ total, done: items.length, current, counts, items });
  const record = async (item: ImportItemResult) => {
    items.push(item);
    counts[item.action] += 1;
    await progress(null);
  };

  for (const failure of plan.failures) {
    await record({
      path: failure.path,
      action: 'failed',
      kind: 'chapter',
      code: failure.code,
      reason: failure.reason,
      ...valuesOf(failure.values),
    });
  }
  for (const planned of plan.series) {
    await progress(planned.path || planned.title);
    const target = await applySeries(deps, planned, options, (item) => record(item));
    const seen = new Set<number>();
    for (const chapter of planned.chapters) {
      await progress(chapter.path);
      const base = { path: chapter.path, kind: 'chapter' as const, label: chapterLabel(chapter) };
      const seriesId = target.series?.id;
      try {
        if (target.refused) {
          await record({ ...base, action: 'failed', ...target.refused, ...(seriesId ? { seriesId } : {}) });
          continue;
        }
        if (seen.has(chapter.number)) throw refusal('apiErrors.importRuns.sameNumber');
        seen.add(chapter.number);
        await record({ ...base, ...(await applyChapter(deps, target, chapter, options)) });
      } catch (error) {
        deps.onError?.(error, chapter.path);
        await record({ ...base, action: 'failed', ...failureOf(error), ...(seriesId ? { seriesId } : {}) });
      }
    }
  }
  await progress(null);
  return { items, counts };
}

/** What the files say of a series, as the series' commands take it. */
function seriesWrite(planned: PlannedSeries, genreIds: string[]): SeriesWrite {
  return {
    title: planned.title,
    type: planned.type,
    // Left out when the files say nothing, so an import never blanks what the team wrote.
    ...(planned.description ? { description: planned.description } : {}),
    ...(planned.alternativeNames ? { alternativeNames: planned.alternativeNames } : {}),
    ...(planned.language ? { originalLanguage: planned.language } : {}),
    ...(planned.website ? { website: planned.website } : {}),
    ...(planned.releaseYear !== null ? { releaseYear: planned.releaseYear } : {}),
    status: planned.status,
    genreIds,
    credits: planned.credits,
    isAdult: planned.isAdult,
    readingDirection: planned.readingDirection,
  };
}

async function targetOf(deps: RunnerDeps, series: ExistingSeries | null, type: 'comic' | 'novel'): Promise<SeriesTarget> {
  const chapters = new Map<number, ExistingChapter>();
  if (series) for (const chapter of await deps.catalogue.chaptersOf(series.id)) chapters.set(chapter.number, chapter);
  return { series, type, chapters };
}

/**
 * The series item: created, updated (its metadata digest changed), unchanged, or failed (then its
 * chapters fail with it). An upload into a series writes no series item and leaves its metadata alone.
 */
async function applySeries(
  deps: RunnerDeps,
  planned: PlannedSeries,
  options: RunOptions,
  record: (item: ImportItemResult) => Promise<void>,
): Promise<SeriesTarget> {
  const { catalogue } = deps;
  if (options.intoSeriesId) {
    const series = await catalogue.seriesById(options.intoSeriesId);
    if (!series)
      return { series, type: planned.type, chapters: new Map(), refused: failureOf(refusal('apiErrors.importRuns.noSeries')) };
    const target = await targetOf(deps, series, series.type);
    if (series.type !== planned.type) target.refused = failureOf(wrongType(series.type));
    return target;
  }
  // A library of one series is that series' folder: its item is named by its title.
  const base = { path: planned.path || planned.title, kind: 'series' as const, label: planned.title };
  let existing: ExistingSeries | null = null;
  try {
    existing = await catalogue.seriesBySlug(slugify(planned.title));
    if (existing && existing.type !== planned.type) throw wrongType(existing.type);
    if (existing && existing.importHash === planned.hash) {
      await record({ ...base, action: 'unchanged', seriesId: existing.id, hash: planned.hash });
      return targetOf(deps, existing, existing.type);
    }
    const action = existing ? 'updated' : 'created';
    if (options.dryRun) {
      if (planned.cover && (!existing || !existing.hasCover)) await deps.checkImage(await planned.cover.read(), 'cover');
      await record({ ...base, action, hash: planned.hash, ...(existing ? { seriesId: existing.id } : {}) });
      return targetOf(deps, existing, planned.type);
    }
    const fields = seriesWrite(planned, await catalogue.genreIds(planned.genres));
    const id = existing
      ? existing.id
      : await catalogue.createSeries(slugify(planned.title), { ...fields, isPublished: options.publish });
    if (existing) await catalogue.updateSeries(id, fields);
    const series: ExistingSeries = { id, title: planned.title, type: planned.type, importHash: planned.hash, hasCover: true };
    const cover = await setCover(deps, id, planned.cover, existing?.hasCover ?? false);
    // The metadata is in, the cover is not: a failed item keeps no digest, so the next import tries again.
    if (!cover) await catalogue.recordDigest('series', id, planned.hash);
    await record(
      cover ? { ...base, action: 'failed', seriesId: id, ...cover } : { ...base, action, seriesId: id, hash: planned.hash },
    );
    return targetOf(deps, series, planned.type);
  } catch (error) {
    deps.onError?.(error, planned.path);
    const failure = failureOf(error);
    await record({ ...base, action: 'failed', ...failure, ...(existing ? { seriesId: existing.id } : {}) });
    return { series: existing, type: planned.type, chapters: new Map(), refused: failure };
  }
}

const wrongType = (type: 'comic' | 'novel') =>
  refusal(type === 'novel' ? 'apiErrors.importRuns.seriesIsNovel' : 'apiErrors.importRuns.seriesIsComic');

/** Sets the cover from the files (a new series, or one without a cover); answers a failure, or null. */
async function setCover(deps: RunnerDeps, id: string, cover: SourceFile | null, hasCover: boolean) {
  if (!cover || hasCover) return null;
  try {
    await deps.catalogue.setCover(id, await cover.read());
    return null;
  } catch (error) {
    deps.onError?.(error, cover.name);
    return failureOf(error);
  }
}

/** When an imported chapter comes out: ComicInfo's date when it is past, else now; a draft without `publish`. */
function releaseOf(chapter: PlannedChapter, options: RunOptions, now: Date): string | null {
  if (!options.publish) return null;
  return (chapter.releasedAt && chapter.releasedAt < now ? chapter.releasedAt : now).toISOString();
}

/** Refuses a chapter with nothing to read in its series' kind. */
function checkContent(type: 'comic' | 'novel', chapter: PlannedChapter) {
  if (type === 'comic' && chapter.pages.length === 0) {
    throw refusal(chapter.content ? 'apiErrors.importRuns.textIntoComic' : 'apiErrors.importRuns.noPages');
  }
  if (type === 'novel' && !chapter.content) {
    throw refusal(chapter.pages.length > 0 ? 'apiErrors.importRuns.pagesIntoNovel' : 'apiErrors.importRuns.noText');
  }
}

/** A chapter: created, updated (its content digest changed), or unchanged. Throws when it fails. */
async function applyChapter(
  deps: RunnerDeps,
  target: SeriesTarget,
  chapter: PlannedChapter,
  options: RunOptions,
): Promise<Omit<ImportItemResult, 'path' | 'kind' | 'label'>> {
  const { catalogue } = deps;
  const existing = target.chapters.get(chapter.number);
  const seriesId = target.series?.id;
  const ids = { ...(seriesId ? { seriesId } : {}), ...(existing ? { chapterId: existing.id } : {}) };
  if (existing && existing.importHash === chapter.hash) return { action: 'unchanged', ...ids, hash: chapter.hash };
  // The same file imported before under another number (one file into a series is numbered after
  // its chapters of the moment): it is that chapter, unchanged.
  const same = [...target.chapters.values()].find((other) => other.importHash === chapter.hash);
  if (same) return { action: 'unchanged', ...(seriesId ? { seriesId } : {}), chapterId: same.id, hash: chapter.hash };
  checkContent(target.type, chapter);
  const action = existing ? 'updated' : 'created';
  if (options.dryRun || !seriesId) {
    // Each page read and its header checked, one at a time: the dry run fails what the import would.
    for (const page of chapter.pages) await deps.checkImage(await page.read(), page.name);
    return { action, ...ids, hash: chapter.hash };
  }
  const fields: ChapterWrite = {
    number: chapter.number,
    volume: chapter.volume,
    title: chapter.title,
    credits: chapter.credits,
    ...(target.type === 'novel' ? { content: chapter.content ?? '' } : {}),
  };
  const publishedAt = releaseOf(chapter, options, deps.clock.now());
  if (existing) {
    if (target.type === 'comic') await catalogue.replacePages(existing.id, chapter.pages);
    // A published chapter keeps its date; a draft comes out now only when the import publishes.
    const release = existing.publishedAt === null && publishedAt ? { publishedAt } : {};
    await catalogue.updateChapter(existing.id, { ...fields, ...release });
    await catalogue.recordDigest('chapter', existing.id, chapter.hash);
    return { action, ...ids, hash: chapter.hash };
  }
  // A novel's chapter comes out with its text; a comic's once its pages are in.
  const id = await catalogue.createChapter(seriesId, { ...fields, publishedAt: target.type === 'novel' ? publishedAt : null });
  try {
    if (target.type === 'comic') {
      await catalogue.replacePages(id, chapter.pages);
      if (publishedAt) await catalogue.updateChapter(id, { publishedAt });
    }
  } catch (error) {
    // Nothing of a failed chapter stays: the next import creates it again.
    await catalogue.deleteChapter(id).catch(() => undefined);
    throw error;
  }
  await catalogue.recordDigest('chapter', id, chapter.hash);
  target.chapters.set(chapter.number, { id, number: chapter.number, importHash: chapter.hash, publishedAt });
  return { action, ...ids, chapterId: id, hash: chapter.hash };
}
