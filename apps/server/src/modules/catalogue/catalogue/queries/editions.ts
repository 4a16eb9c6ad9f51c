// The edition a public answer is in (issue 35 §2, decision 0039): which one a reader gets, and the
// chapters it has. A translated edition's chapters are the series' own chapters with a translation;
// a chapter it lacks is given in the original, flagged `fallback`.
import { pickLanguage } from '@inkwell/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterEditions, chapters, series, seriesEditions } from '../../../../db/schema';

/** A series' translated edition as readers see it. */
export interface EditionRow {
  language: string;
  title: string;
  description: string;
}

/** What an answer needs of its edition: its language, the original's, and the chapters it has. */
export interface EditionView {
  language: string;
  original: string;
  /** The translated chapters' titles by chapter id (empty: the original's); undefined for the original edition. */
  chapters?: ReadonlyMap<string, string>;
}

/** The original edition: every chapter as written. */
export const originalEdition = (originalLanguage: string): EditionView => ({
  language: originalLanguage,
  original: originalLanguage,
});

/** A series' translated editions, by language. */
export async function editionsOfSeries(db: Database, seriesId: string): Promise<EditionRow[]> {
  return db
    .select({ language: seriesEditions.language, title: seriesEditions.title, description: seriesEditions.description })
    .from(seriesEditions)
    .where(eq(seriesEditions.seriesId, seriesId))
    .orderBy(asc(seriesEditions.language));
}

/**
 * A chapter translation a reader can read: a novel's with its text, a comic's with its pages
 * (a translation still being uploaded, or only titled, is not there yet for readers).
 */
const isReadableTranslation = sql`(${chapterEditions.content} is not null or exists (
  select 1 from chapter_pages p where p.chapter_id = ${chapterEditions.chapterId} and p.language = ${chapterEditions.language}))`;

/** The chapters of a series readable in a translated edition, with their titles there ('' when untitled). */
export async function editionChapterTitles(db: Database, seriesId: string, language: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ chapterId: chapterEditions.chapterId, title: chapterEditions.title })
    .from(chapterEditions)
    .innerJoin(chapters, eq(chapters.id, chapterEditions.chapterId))
    .where(and(eq(chapters.seriesId, seriesId), eq(chapterEditions.language, language), isReadableTranslation));
  return new Map(rows.map((row) => [row.chapterId, row.title]));
}

/** A chapter's translation as a reader gets it (text, or its pages through the pages' query), when readable. */
export async function findReadableTranslation(db: Database, chapterId: string, language: string) {
  const [row] = await db
    .select({ title: chapterEditions.title, content: chapterEditions.content })
    .from(chapterEditions)
    .where(and(eq(chapterEditions.chapterId, chapterId), eq(chapterEditions.language, language), isReadableTranslation))
    .limit(1);
  return row;
}

/**
 * The title each of these series shows a reader who wants `wanted` (most wanted first), for the
 * series that have an edition in one of them before their original; a series left out keeps its own.
 */
export async function cardTitlesFor(db: Database, seriesIds: string[], wanted: readonly string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  if (seriesIds.length === 0 || wanted.length === 0) return titles;
  const rows = await db
    .select({
      seriesId: seriesEditions.seriesId,
      original: series.originalLanguage,
      language: seriesEditions.language,
      title: seriesEditions.title,
    })
    .from(seriesEditions)
    .innerJoin(series, eq(series.id, seriesEditions.seriesId))
    .where(inArray(seriesEditions.seriesId, seriesIds));
  const bySeries = new Map<string, { original: string; editions: Map<string, string> }>();
  for (const row of rows) {
    const entry = bySeries.get(row.seriesId) ?? { original: row.original, editions: new Map<string, string>() };
    entry.editions.set(row.language, row.title);
    bySeries.set(row.seriesId, entry);
  }
  for (const [seriesId, { original, editions }] of bySeries) {
    const chosen = pickLanguage([original, ...editions.keys()], wanted);
    const title = chosen === undefined ? undefined : editions.get(chosen);
    if (title !== undefined) titles.set(seriesId, title);
  }
  return titles;
}

/**
 * The edition to answer in: the one asked for (`?lang=`), else the first of the reader's languages
 * the series has (their content languages, then the interface's), else the original.
 */
export function chooseEdition(
  originalLanguage: string,
  editions: readonly EditionRow[],
  ask: { lang?: string | undefined; wanted: readonly string[] },
): string {
  const available = [originalLanguage, ...editions.map((edition) => edition.language)];
  const wanted = ask.lang !== undefined ? [ask.lang] : ask.wanted;
  return pickLanguage(available, wanted) ?? originalLanguage;
}

/** A chapter in an edition: its title, its language and whether the original stands in for it. */
export function chapterInEdition(edition: EditionView, chapter: { id: string; title: string }) {
  const translated = edition.chapters?.get(chapter.id);
  const isOriginal = edition.chapters === undefined;
  if (isOriginal) return { title: chapter.title, language: edition.language, fallback: false };
  if (translated === undefined) return { title: chapter.title, language: edition.original, fallback: true };
  return { title: translated || chapter.title, language: edition.language, fallback: false };
}
