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
  /**
   * The series whose membership tier the reader holds now (issue 38 §1), each with its tier's
   * early-access days: that series' scheduled chapters open to them `days` before their time.
   * Read with the session (subscriptions' `earlyAccessColumn`); absent or empty: none.
   */
  earlyAccess?: ReadonlyMap<string, number>;
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
  /** Its series: a member's early access is per series (without it, none applies). */
  seriesId?: string;
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
  /** Early-access days per series (a member's tier); never the team's, who see everything anyway. */
  earlyAccess: ReadonlyMap<string, number>;
}

const NO_EARLY_ACCESS: ReadonlyMap<string, number> = new Map();
const DAY_MS = 24 * 60 * 60 * 1000;

function readingRights(viewer: Viewer): ReadingRights {
  const team = isTeamRole(viewer.role);
  return {
    team,
    premiumPass: viewer.hasPremiumPass,
    unlocked: viewer.unlocked,
    earlyAccess: team ? NO_EARLY_ACCESS : (viewer.earlyAccess ?? NO_EARLY_ACCESS),
  };
}

export const isTeam = (viewer: Viewer) => readingRights(viewer).team;

/**
 * A member's early window (issue 38 §1): a scheduled chapter of a series whose tier the viewer
 * holds, from `publishedAt − days` until `publishedAt`. While it lasts the chapter is theirs to read
 * whatever its price (the tier is what they pay for it); from `publishedAt` on, the ladder below
 * applies to them as to everyone (a priced chapter is bought, or opens at its free date or by a
 * plan). Drafts (no time) never open early. When it is open early: the time it becomes public.
 */
export function earlyAccessOf(chapter: ChapterForAccess, viewer: Viewer, now: Date): { publicAt: Date } | null {
  if (chapter.publishedAt === null || chapter.seriesId === undefined || isChapterOut(chapter, now)) return null;
  const days = readingRights(viewer).earlyAccess.get(chapter.seriesId) ?? 0;
  return days > 0 && chapter.publishedAt.getTime() - days * DAY_MS <= now.getTime() ? { publicAt: chapter.publishedAt } : null;
}

/**
 * DESIGN §5, the one access rule. A published chapter may be read when its price is 0, its
 * free_at has passed, or the viewer unlocked it, holds a premium pass or is on the team; a
 * scheduled one by a member of its series in their early window (`earlyAccessOf`), and by no one
 * else but the team's preview.
 */
export function chapterAccess(chapter: ChapterForAccess, viewer: Viewer, now: Date): ChapterAccess {
  if (!isChapterOut(chapter, now)) return earlyAccessOf(chapter, viewer, now) ? 'unlocked' : 'scheduled';
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
 * The viewer as an answer about one series reads them: their early access in that series alone
 * (as `withUnlocks` keeps only its chapters' unlocks), so its access class is not split by their
 * memberships elsewhere.
 */
export function viewerInSeries(viewer: Viewer, seriesId: string): Viewer {
  if (!viewer.earlyAccess || viewer.earlyAccess.size === 0) return viewer;
  const days = viewer.earlyAccess.get(seriesId);
  if (viewer.earlyAccess.size === 1 && days !== undefined) return viewer;
  const { earlyAccess: _elsewhere, ...rest } = viewer;
  return days === undefined ? rest : { ...rest, earlyAccess: new Map([[seriesId, days]]) };
}

/**
 * The key under which viewers may share one cached answer about a series' chapters: two viewers
 * with the same class get the same `chapterAccess`, `canReadChapter` and `isListed` for every
 * chapter, because the class is made of the same reading rights those rules read (the team,
 * premium readers, readers with the same unlocks, members with the same early-access days, and
 * everyone else, who see what a visitor sees). Rentals among the unlocks add their ends, which the
 * answer shows (`openUntilOf`). `unlocked` and `rentedUntil` must hold only the chapters of the
 * answer (the wallet's `withUnlocks` does that), and `earlyAccess` only its series
 * (`viewerInSeries`), else the class is finer than it needs to be, never wrong.
 */
export function accessClass(viewer: Viewer): string {
  const rights = readingRights(viewer);
  if (rights.team) return 'team';
  const early = [...rights.earlyAccess]
    .filter(([, days]) => days > 0)
    .map(([seriesId, days]) => `${seriesId}:${days}`)
    .sort();
  // A member never shares a visitor's (or a non-member's) answer: theirs lists the early chapters.
  const member = early.length > 0 ? `|early:${early.join(',')}` : '';
  if (rights.premiumPass) return `premium${member}`;
  if (rights.unlocked.size === 0) return `visitor${member}`;
  const rented = [...(viewer.rentedUntil ?? new Map<string, Date>())].map(([id, until]) => `${id}@${until.getTime()}`);
  return `unlocked:${[...rights.unlocked].sort().join(',')}${rented.length > 0 ? `|rented:${rented.sort().join(',')}` : ''}${member}`;
}
