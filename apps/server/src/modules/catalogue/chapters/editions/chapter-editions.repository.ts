import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterEditions, chapterPages, chapters } from '../../../../db/schema';

// Chapters' translations (issue 35 §2, decision 0039): chapter_editions' SQL, and the translated
// pages of a comic (chapter_pages with a language).

export type ChapterEditionRow = typeof chapterEditions.$inferSelect;

/**
 * A chapter translation a reader can read: a novel's with its text, a comic's with its pages (one
 * only titled, or still being uploaded, is not there yet). Beside chapter_editions in a query.
 */
const chapterEditionIsReadable = () => sql`(${chapterEditions.content} is not null or exists (
  select 1 from chapter_pages p where p.chapter_id = ${chapterEditions.chapterId} and p.language = ${chapterEditions.language}))`;

/** A chapter's translations, by language. */
export async function chapterEditionsOf(db: Database, chapterId: string): Promise<ChapterEditionRow[]> {
  return db.select().from(chapterEditions).where(eq(chapterEditions.chapterId, chapterId)).orderBy(asc(chapterEditions.language));
}

/** A chapter's translated pages (every language), in each language's order. */
export async function translatedPagesOf(db: Database, chapterId: string) {
  return db
    .select()
    .from(chapterPages)
    .where(and(eq(chapterPages.chapterId, chapterId), isNotNull(chapterPages.language)))
    .orderBy(asc(chapterPages.language), asc(chapterPages.position));
}

/** Writes a chapter's translation; `content` undefined keeps the text it has (none for a new one). */
export async function upsertChapterEdition(
  db: Database,
  values: { chapterId: string; language: string; title: string; content?: string | null; updatedAt: Date },
): Promise<void> {
  const { content, ...rest } = values;
  await db
    .insert(chapterEditions)
    .values({ ...rest, content: content ?? null })
    .onConflictDoUpdate({
      target: [chapterEditions.chapterId, chapterEditions.language],
      set: { title: values.title, updatedAt: values.updatedAt, ...(content !== undefined && { content }) },
    });
}

/** Makes sure a chapter has a (so far untitled) translation in a language, for its pages to belong to. */
export async function ensureChapterEdition(db: Database, chapterId: string, language: string): Promise<void> {
  await db.insert(chapterEditions).values({ chapterId, language }).onConflictDoNothing();
}

/** Removes a chapter's translation and its pages; the pages' image keys, and whether there was anything. */
export async function deleteChapterEdition(db: Database, chapterId: string, language: string) {
  const removed = await db
    .delete(chapterEditions)
    .where(and(eq(chapterEditions.chapterId, chapterId), eq(chapterEditions.language, language)))
    .returning({ language: chapterEditions.language });
  const pages = await db
    .delete(chapterPages)
    .where(and(eq(chapterPages.chapterId, chapterId), eq(chapterPages.language, language)))
    .returning({ key: chapterPages.imageKey });
  return { keys: pages.map((page) => page.key), found: removed.length + pages.length > 0 };
}

/** Removes every chapter translation of a series in a language, with their pages; the pages' image keys. */
export async function deleteSeriesTranslations(db: Database, seriesId: string, language: string): Promise<string[]> {
  const ofSeries = db.select({ id: chapters.id }).from(chapters).where(eq(chapters.seriesId, seriesId));
  await db
    .delete(chapterEditions)
    .where(and(eq(chapterEditions.language, language), inArray(chapterEditions.chapterId, ofSeries)));
  const pages = await db
    .delete(chapterPages)
    .where(and(eq(chapterPages.language, language), inArray(chapterPages.chapterId, ofSeries)))
    .returning({ key: chapterPages.imageKey });
  return pages.map((page) => page.key);
}

/** Every chapter of a series by number, with the languages it can be read in besides the original. */
export async function translationsOfSeries(db: Database, seriesId: string) {
  const [numbers, readable] = await Promise.all([
    db
      .select({ id: chapters.id, number: chapters.number })
      .from(chapters)
      .where(eq(chapters.seriesId, seriesId))
      .orderBy(asc(chapters.number)),
    db
      .select({ chapterId: chapterEditions.chapterId, language: chapterEditions.language })
      .from(chapterEditions)
      .innerJoin(chapters, eq(chapters.id, chapterEditions.chapterId))
      .where(and(eq(chapters.seriesId, seriesId), chapterEditionIsReadable())),
  ]);
  return { chapters: numbers, readable };
}

/** Whether a chapter can now be read in a translated edition (its text, or its pages, are there). */
export async function isTranslationReadable(db: Database, chapterId: string, language: string): Promise<boolean> {
  const [row] = await db
    .select({ language: chapterEditions.language })
    .from(chapterEditions)
    .where(and(eq(chapterEditions.chapterId, chapterId), eq(chapterEditions.language, language), chapterEditionIsReadable()))
    .limit(1);
  return row !== undefined;
}
