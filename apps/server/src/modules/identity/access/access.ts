import { isChapterForSale, isChapterOut, isTeamRole, type ChapterAccess, type Role } from '@inkwell/contract';

/** Who is asking, as far as reading chapters goes (resolved once per request: `request.viewer`). */
export interface Viewer {
  userId: string | null;
  role: Role | null;
  /** An active subscription whose plan includes premium chapters, as of the request (the injected clock). */
  hasPremiumPass: boolean;
  /** Chapters this viewer unlocked with coins, among those of the page asked for (the wallet's `withUnlocks`). */
  unlocked: ReadonlySet<string>;
  /** Those of `unlocked` that a running rental opens, and until when (read with them). */
  rentedUntil?: ReadonlyMap<string, Date>;
  /**
   * Series marked Adult may be shown (issue 36 §4): a reader who opted in, or, for a series' and its
   * chapters' answers alone, a visitor who said they are 18 (decision 0041). The site's setting is
   * the catalogue's to apply (`adultShown`). Absent: not shown.
   */
  showAdult?: boolean;
}

export const VISITOR: Viewer = {
  userId: null,
  role: null,
  hasPremiumPass: false,
  unlocked: new Set(),
};

/** The team sees every chapter as an editor would: nothing is locked to them. */
export const TEAM_VIEWER: Viewer = {
  userId: null,
  role: 'editor',
  hasPremiumPass: false,
  unlocked: new Set(),
};

export interface ChapterForAccess {
  id: string;
  publishedAt: Date | null;
  price: number;
  freeAt: Date | null;
}

/**
 * Everything of a viewer that the reading rules below look at, and nothing else. `chapterAccess`,
 * `canReadChapter`, `isListed` and `accessClass` all read a viewer through this, so a new input
 * to the rules is a new field here, which `accessClass` then has to account for.
 */
interface ReadingRights {
  team: boolean;
  premiumPass: boolean;
  unlocked: ReadonlySet<string>;
}

function readingRights(viewer: Viewer): ReadingRights {
  return { team: isTeamRole(viewer.role), premiumPass: viewer.hasPremiumPass, unlocked: viewer.unlocked };
}

export const isTeam = (viewer: Viewer) => readingRights(viewer).team;

/**
 * DESIGN §5, the one access rule. A published chapter may be read when its price is 0, its
 * free_at has passed, or the viewer unlocked it, holds a premium pass or is on the team.
 */
export function chapterAccess(chapter: ChapterForAccess, viewer: Viewer, now: Date): ChapterAccess {
  if (!isChapterOut(chapter, now)) return 'scheduled';
  if (!isChapterForSale(chapter, now)) return 'free';
  const rights = readingRights(viewer);
  if (rights.team || rights.premiumPass || rights.unlocked.has(chapter.id)) return 'unlocked';
  return chapter.freeAt ? 'early_access' : 'locked';
}

/** Whether the chapter's pages or text may be sent. The team may preview what is not yet out. */
export function canReadChapter(access: ChapterAccess, viewer: Viewer): boolean {
  return access === 'free' || access === 'unlocked' || (access === 'scheduled' && readingRights(viewer).team);
}

/** Whether the chapter is listed for this viewer: readers never see drafts or scheduled ones. */
export function isListed(access: ChapterAccess, viewer: Viewer): boolean {
  return access !== 'scheduled' || readingRights(viewer).team;
}

/**
 * Until when a chapter is open to the viewer only by a running rental (a pass, the daily free):
 * not when they bought it, hold a premium pass or are on the team, whatever they also rented.
 */
export function openUntilOf(chapterId: string, access: ChapterAccess, viewer: Viewer): Date | undefined {
  const rights = readingRights(viewer);
  if (access !== 'unlocked' || rights.team || rights.premiumPass) return undefined;
  return viewer.rentedUntil?.get(chapterId);
}

/**
 * The key under which viewers may share one cached answer about a series' chapters: two viewers
 * with the same class get the same `chapterAccess`, `canReadChapter` and `isListed` for every
 * chapter, because the class is made of the same reading rights those rules read (the team,
 * premium readers, readers with the same unlocks, and everyone else, who see what a visitor sees).
 * Rentals among the unlocks add their ends, which the answer shows (`openUntilOf`). `unlocked` and
 * `rentedUntil` must hold only the chapters of the answer (the wallet's `withUnlocks` does that).
 */
export function accessClass(viewer: Viewer): string {
  const rights = readingRights(viewer);
  if (rights.team) return 'team';
  if (rights.premiumPass) return 'premium';
  if (rights.unlocked.size === 0) return 'visitor';
  const rented = [...(viewer.rentedUntil ?? new Map<string, Date>())].map(([id, until]) => `${id}@${until.getTime()}`);
  return `unlocked:${[...rights.unlocked].sort().join(',')}${rented.length > 0 ? `|rented:${rented.sort().join(',')}` : ''}`;
}
