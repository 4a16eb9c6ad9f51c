import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterPages } from '../../../../db/schema';

// A chapter's pages as other modules read them (the reader's answer, downloads, OPDS): one
// edition's, in their order.

export type PageRow = typeof chapterPages.$inferSelect;

/** The pages of one edition of a chapter: null, the original's; a language, a translation's (issue 35 §2). */
export type PagesLanguage = string | null;
export const ofEdition = (chapterId: string, language: PagesLanguage) =>
  and(
    eq(chapterPages.chapterId, chapterId),
    language === null ? isNull(chapterPages.language) : eq(chapterPages.language, language),
  );

export async function pagesOfChapter(db: Database, chapterId: string, language: PagesLanguage = null): Promise<PageRow[]> {
  return db.select().from(chapterPages).where(ofEdition(chapterId, language)).orderBy(asc(chapterPages.position));
}
