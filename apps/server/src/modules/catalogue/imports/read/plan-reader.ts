import { createHash } from 'node:crypto';
import { naturalCompare } from '../../../../lib/natural-sort';
import { sniffImageType } from '../../../platform/media';
import type { ImportPlan, PlanFailure, PlannedChapter, PlannedSeries, SourceFile } from '../plan';
import { createArchiveCache } from './archives';
import type { ChapterDraft, ItemRead } from './chapter-items';
import { baseName, failureOf, ImportReadError } from './failures';
import { volumeOfFolder } from './filenames';
import { chapterHash, seriesHash } from './hash';
import type { SeriesHints } from './hints';
import { COVER, isIgnored, itemsOf, seriesFolders, type SeriesFolder } from './layout';
import { readSeriesJson } from './series-json';
import type { SourceTree } from './source-tree';

export interface ReadOptions {
  /** Told after each chapter file (or folder) is read: the shell's bar and the page's done/total. */
  onProgress?: (progress: { done: number; total: number; current: string }) => void;
  /**
   * The existing series a single file goes into (fileTree): its title and type, above anything the
   * file says, and the numbers its chapters already have, so a number the file does not say is never
   * guessed onto one of them.
   */
  series?: { title: string; type: 'comic' | 'novel'; numbers?: readonly number[] };
}

/**
 * Reads a tree into the plan of an import: its series, their chapters (numbered, with metadata and
 * hashes) and what failed. Each page is read once here, to be checked and hashed, and not kept.
 */
export async function readImportPlan(tree: SourceTree, options: ReadOptions = {}): Promise<ImportPlan> {
  const listed = await tree.list();
  const failures: PlanFailure[] = listed
    .filter((entry) => entry.refusal)
    .map((entry) => failureOf(entry.path, new ImportReadError(entry.refusal!, { path: entry.path })));
  const folders = seriesFolders(
    listed.filter((entry) => !entry.refusal && !isIgnored(entry.path)),
    tree.name,
  );
  const work = folders.map((folder) => ({ folder, items: itemsOf(folder) }));
  const total = work.reduce((sum, { items }) => sum + items.length, 0);
  let done = 0;
  const cache = createArchiveCache();
  const series: PlannedSeries[] = [];
  for (const { folder, items } of work) {
    const reads: ItemRead[] = [];
    for (const item of items) {
      try {
        const result = await item.read(cache);
        reads.push(result);
        failures.push(...result.failures);
      } catch (error) {
        failures.push(failureOf(item.path, error));
      }
      options.onProgress?.({ done: ++done, total, current: item.path });
    }
    const { numbers, ...forced } = options.series ?? {};
    const planned = await planSeries(folder, reads, failures, forced, new Set(numbers));
    if (planned) series.push(planned);
    else if (items.length === 0) {
      failures.push(
        failureOf(folder.path || folder.name, new ImportReadError('apiErrors.imports.noChapters', { name: folder.name })),
      );
    }
  }
  return { series, failures };
}

/** A folder's name as a title: without its [group] and (year) tags and underscores. */
const titleOfFolder = (name: string) =>
  name
    .replace(/\[[^\]]*\]|\([^)]*\)|\{[^}]*\}/g, ' ')
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim() || name;

async function planSeries(
  folder: SeriesFolder,
  reads: ItemRead[],
  failures: PlanFailure[],
  forced: SeriesHints,
  existing: ReadonlySet<number>,
): Promise<PlannedSeries | null> {
  const seriesJsonEntry = folder.entries.find((entry) => entry.path.toLowerCase() === 'series.json');
  let json: ReturnType<typeof readSeriesJson> = { hints: {}, cover: undefined };
  if (seriesJsonEntry) {
    const path = folder.path ? `${folder.path}/series.json` : 'series.json';
    try {
      json = readSeriesJson((await seriesJsonEntry.read()).toString('utf8'), path);
    } catch (error) {
      // The publisher's own words are wrong: nothing of the series is written until they are fixed.
      failures.push(failureOf(path, error));
      return null;
    }
  }
  const drafts = reads.flatMap((read) => read.drafts);
  if (drafts.length === 0) return null;
  // The first chapter that says a series field wins it; series.json wins over every file.
  const hints: SeriesHints = {};
  for (const read of reads)
    for (const [key, value] of Object.entries(read.series)) (hints as Record<string, unknown>)[key] ??= value;
  Object.assign(hints, json.hints, forced);
  const type = hints.type ?? drafts[0]!.kind;
  const chapters = numberChapters(folder, drafts, type, failures, existing);
  if (chapters.length === 0) return null;

  const byName = (name: string | undefined) =>
    name && folder.entries.find((entry) => entry.path.toLowerCase() === name.toLowerCase());
  const candidates: (SourceFile | '' | undefined)[] = [
    byName(json.cover),
    ...folder.entries.filter((entry) => COVER.test(entry.path)).sort((a, b) => naturalCompare(a.path, b.path)),
    ...reads.map((read) => read.cover),
    chapters[0]!.pages[0],
  ];
  const cover = await firstImage(candidates.filter((file): file is SourceFile => Boolean(file)));
  const planned: Omit<PlannedSeries, 'hash'> = {
    path: folder.path,
    title: hints.title ?? titleOfFolder(folder.name).slice(0, 200),
    type,
    description: hints.description ?? '',
    alternativeNames: hints.alternativeNames ?? '',
    status: hints.status ?? 'ongoing',
    genres: [...new Set(hints.genres ?? [])].slice(0, 20),
    credits: hints.credits ?? [],
    language: hints.language ?? null,
    isAdult: hints.isAdult ?? false,
    readingDirection: hints.readingDirection ?? 'ltr',
    website: hints.website ?? '',
    releaseYear: hints.releaseYear ?? null,
    cover: cover?.file ?? null,
    chapters,
  };
  return { ...planned, hash: seriesHash(planned, cover?.digest ?? null) };
}

/** The first of `files` that really is an image, with its bytes' digest (a cover.jpg that is not one is passed over). */
async function firstImage(files: SourceFile[]): Promise<{ file: SourceFile; digest: string } | null> {
  for (const file of files) {
    const bytes = await file.read().catch(() => null);
    if (bytes && sniffImageType(bytes)) return { file, digest: createHash('sha256').update(bytes).digest('hex') };
  }
  return null;
}

/**
 * Numbers come from the chapter's metadata, else its name (a novel's label), else (a comic named
 * only by its volume) its volume, else one after the last. A number already taken fails the later chapter.
 * Into an existing series (`existing`: its chapters' numbers), a guessed number comes after its last
 * chapter and a book counting from 1 again is numbered on from there: only a number the file itself
 * says may land on a chapter already there (and update it).
 */
function numberChapters(
  folder: SeriesFolder,
  drafts: ChapterDraft[],
  type: 'comic' | 'novel',
  failures: PlanFailure[],
  existing: ReadonlySet<number> = new Set(),
): PlannedChapter[] {
  const taken = new Map<number, string>();
  let last = Math.max(0, ...existing);
  const chapters: PlannedChapter[] = [];
  // A novel's volumes often count their chapters from 1 again: a book whose labels' numbers are
  // already taken (or missing) is numbered on from the series' last chapter instead, as a whole.
  const renumbered = new Map<string, boolean>();
  const isRenumbered = (book: string) => {
    if (!renumbered.has(book)) {
      const parts = drafts.filter((draft) => draft.book === book);
      renumbered.set(
        book,
        parts.some((part) => part.name.number === null || taken.has(part.name.number) || existing.has(part.name.number)),
      );
    }
    return renumbered.get(book)!;
  };
  for (const draft of drafts) {
    if (draft.kind !== type) {
      failures.push(
        failureOf(
          draft.path,
          new ImportReadError('apiErrors.imports.wrongKind', { name: baseName(draft.path), kind: draft.kind }),
        ),
      );
      continue;
    }
    const inSeries = folder.path ? draft.path.slice(folder.path.length + 1) : draft.path;
    const folderVolume =
      inSeries
        .split('/')
        .slice(0, -1)
        .reverse()
        .map(volumeOfFolder)
        .find((volume) => volume !== null) ?? null;
    const said = draft.hints.volume ?? draft.name.volume ?? folderVolume;
    const volume = said !== null && said <= 10_000 ? said : null;
    const saidNumber = draft.hints.number ?? (draft.book && isRenumbered(draft.book) ? null : draft.name.number);
    const number =
      saidNumber ??
      (draft.kind === 'comic' && volume !== null && !taken.has(volume) && !existing.has(volume) ? volume : Math.floor(last) + 1);
    const other = taken.get(number);
    if (other !== undefined) {
      failures.push(failureOf(draft.path, new ImportReadError('apiErrors.imports.numberTaken', { number, other })));
      continue;
    }
    taken.set(number, draft.path);
    last = Math.max(last, number);
    const chapter = {
      path: draft.path,
      number,
      volume,
      title: (draft.hints.title ?? draft.name.title ?? '').slice(0, 200),
      credits: draft.hints.credits ?? [],
      releasedAt: draft.hints.releasedAt ?? null,
      language: draft.hints.language ?? null,
      pages: draft.pages,
      content: draft.content,
    };
    // A guessed number is left out of the digest: the same file guessed another number next time
    // (after chapters added since) is still known as the chapter it made.
    chapters.push({ ...chapter, hash: chapterHash({ ...chapter, number: saidNumber ?? null }, draft.digest) });
  }
  return chapters;
}
