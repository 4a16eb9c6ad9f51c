import type { ChapterAccess, Role } from '@inkwell/contract';

/** Who is asking, as far as reading chapters goes (resolved once per request: `request.viewer`). */
export interface Viewer {
  userId: string | null;
  role: Role | null;
  /** An active subscription whose plan includes premium chapters (the store issue fills this in). */
  hasPremiumPass: boolean;
  /** Chapters this viewer unlocked with coins, among those of the page asked for (see `withUnlocks`). */
  unlocked: ReadonlySet<string>;
}

export const VISITOR: Viewer = {
  userId: null,
  role: null,
  hasPremiumPass: false,
  unlocked: new Set(),
};

export interface ChapterForAccess {
  id: string;
  publishedAt: Date | null;
  price: number;
  freeAt: Date | null;
}

/** The team sees every chapter as an editor would: nothing is locked to them. */
export const TEAM_VIEWER: Viewer = {
  userId: null,
  role: 'editor',
  hasPremiumPass: false,
  unlocked: new Set(),
};

export const isTeam = (viewer: Viewer) => viewer.role === 'editor' || viewer.role === 'admin';

/**
 * DESIGN §5, the one access rule. A published chapter may be read when its price is 0, its
 * free_at has passed, or the viewer unlocked it, holds a premium pass or is on the team.
 */
export function chapterAccess(chapter: ChapterForAccess, viewer: Viewer, now: Date): ChapterAccess {
  if (!chapter.publishedAt || chapter.publishedAt > now) return 'scheduled';
  if (chapter.price === 0 || (chapter.freeAt !== null && chapter.freeAt <= now)) return 'free';
  if (isTeam(viewer) || viewer.hasPremiumPass || viewer.unlocked.has(chapter.id)) return 'unlocked';
  return chapter.freeAt ? 'early_access' : 'locked';
}

/** Whether the chapter's pages or text may be sent. The team may preview what is not yet out. */
export function canReadChapter(access: ChapterAccess, viewer: Viewer): boolean {
  return access === 'free' || access === 'unlocked' || (access === 'scheduled' && isTeam(viewer));
}

/** Whether the chapter is listed for this viewer: readers never see drafts or scheduled ones. */
export function isListed(access: ChapterAccess, viewer: Viewer): boolean {
  return access !== 'scheduled' || isTeam(viewer);
}

/** A chapter whose price still applies to someone (for the premium tab and the card marks). */
export function isPremiumNow(chapter: Pick<ChapterForAccess, 'price' | 'freeAt'>, now: Date): boolean {
  return chapter.price > 0 && (chapter.freeAt === null || chapter.freeAt > now);
}
