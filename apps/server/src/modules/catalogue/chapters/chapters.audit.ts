import type { AuditChange, Credit } from '@inkwell/contract';
import { changesBetween } from '../../team/audit';
import { toTeamChapterRow } from './chapters.presenter';
import type { ChapterRow } from './chapters.sql';

/** How the audit log names a chapter's fields (its text by its length). */
const CHAPTER_FIELDS = {
  number: 'Number',
  volume: 'Volume',
  title: 'Title',
  slug: 'Address',
  state: 'State',
  publishedAt: 'Publication',
  price: 'Price',
  freeAt: 'Free from',
  previewPages: 'Preview pages',
  previewPercent: 'Preview share',
  content: 'Text',
  credits: 'Credits',
} as const;

/** A chapter as the audit log compares it: as the team's editor shows it at `now`. */
function forAudit(chapter: ChapterRow, credits: readonly Credit[], now: Date) {
  return {
    ...toTeamChapterRow({ ...chapter, pageCount: 0 }, now),
    content: chapter.content,
    previewPages: chapter.previewPages,
    previewPercent: chapter.previewPercent,
    credits: credits.map((credit) => `${credit.role}: ${credit.name}`),
  };
}

/** A chapter and its own credits, as an edit's entry compares them before and after. */
export interface ChapterState {
  chapter: ChapterRow;
  credits: readonly Credit[];
}

/** What an edit changed in a chapter, field by field ("Price: 0 → 30"); its text by length. */
export function chapterChanges(before: ChapterState, after: ChapterState, now: Date): AuditChange[] {
  return changesBetween(
    forAudit(before.chapter, before.credits, now),
    forAudit(after.chapter, after.credits, now),
    CHAPTER_FIELDS,
    ['content'],
  );
}
