import type { AuditChange } from '@inkwell/contract';
import { changesBetween } from '../../team/audit';
import { toTeamChapterRow } from './chapters.presenter';
import type { ChapterRow } from './chapters.sql';

/** How the audit log names a chapter's fields (its text by its length). */
const CHAPTER_FIELDS = {
  number: 'Number',
  title: 'Title',
  slug: 'Address',
  state: 'State',
  publishedAt: 'Publication',
  price: 'Price',
  freeAt: 'Free from',
  previewPages: 'Preview pages',
  previewPercent: 'Preview share',
  content: 'Text',
} as const;

/** A chapter as the audit log compares it: as the team's editor shows it at `now`. */
function forAudit(chapter: ChapterRow, now: Date) {
  return {
    ...toTeamChapterRow({ ...chapter, pageCount: 0 }, now),
    content: chapter.content,
    previewPages: chapter.previewPages,
    previewPercent: chapter.previewPercent,
  };
}

/** What an edit changed in a chapter, field by field ("Price: 0 → 30"); its text by length. */
export function chapterChanges(before: ChapterRow, after: ChapterRow, now: Date): AuditChange[] {
  return changesBetween(forAudit(before, now), forAudit(after, now), CHAPTER_FIELDS, ['content']);
}
