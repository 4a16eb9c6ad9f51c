import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chapterPages } from '../../../db/schema';
import { ofEdition, type PagesLanguage } from './queries/pages';

/** Appends pages after the edition's last one, in the order given. */
export async function appendPages(
  db: Database,
  chapterId: string,
  pages: { imageKey: string; width: number; height: number }[],
  language: PagesLanguage = null,
): Promise<void> {
  if (pages.length === 0) return;
  const [last] = await db
    .select({ max: sql<number | null>`max(${chapterPages.position})` })
    .from(chapterPages)
    .where(ofEdition(chapterId, language));
  const start = (last?.max ?? -1) + 1;
  await db.insert(chapterPages).values(pages.map((page, index) => ({ chapterId, language, position: start + index, ...page })));
}

/** Removes every page of one edition of a chapter; returns their image keys. */
export async function deleteChapterPages(db: Database, chapterId: string, language: PagesLanguage = null): Promise<string[]> {
  const rows = await db.delete(chapterPages).where(ofEdition(chapterId, language)).returning({ key: chapterPages.imageKey });
  return rows.map((row) => row.key);
}

/** Removes one page of a chapter; returns its image key, or undefined when it is not there. */
export async function deletePage(db: Database, chapterId: string, pageId: string): Promise<string | undefined> {
  const [row] = await db
    .delete(chapterPages)
    .where(and(eq(chapterPages.id, pageId), eq(chapterPages.chapterId, chapterId)))
    .returning({ key: chapterPages.imageKey });
  return row?.key;
}

export async function pageIdsOfChapter(db: Database, chapterId: string, language: PagesLanguage = null): Promise<string[]> {
  return (await db.select({ id: chapterPages.id }).from(chapterPages).where(ofEdition(chapterId, language))).map((r) => r.id);
}

/** The edition a page of a chapter belongs to (null: the original's), or undefined when the chapter has no such page. */
export async function languageOfPage(db: Database, chapterId: string, pageId: string): Promise<PagesLanguage | undefined> {
  const [row] = await db
    .select({ language: chapterPages.language })
    .from(chapterPages)
    .where(and(eq(chapterPages.id, pageId), eq(chapterPages.chapterId, chapterId)))
    .limit(1);
  return row?.language;
}

/** Gives an edition's pages their positions in the order of `pageIds`, in one statement. */
export async function setPageOrder(
  db: Database,
  chapterId: string,
  pageIds: string[],
  language: PagesLanguage = null,
): Promise<void> {
  const cases = sql.join(
    pageIds.map((pageId, index) => sql`when ${pageId}::uuid then ${index}::int`),
    sql` `,
  );
  await db
    .update(chapterPages)
    .set({ position: sql`case ${chapterPages.id} ${cases} end` })
    .where(ofEdition(chapterId, language));
}

/** Which of these stored images some page still shows (a file is deleted only when nothing uses it). */
export async function imageKeysInUse(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ key: chapterPages.imageKey })
    .from(chapterPages)
    .where(inArray(chapterPages.imageKey, keys));
  return new Set(rows.map((row) => row.key));
}
