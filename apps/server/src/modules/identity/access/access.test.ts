import type { ChapterAccess, Role } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import {
  accessClass,
  canReadChapter,
  chapterAccess,
  earlyAccessOf,
  isListed,
  isTeam,
  viewerInSeries,
  type ChapterForAccess,
  type Viewer,
} from './access';

const now = new Date('2026-06-01T12:00:00Z');
const past = new Date('2026-05-01T00:00:00Z');
const future = new Date('2026-07-01T00:00:00Z');

const viewer = (role: Role | null, extra: Partial<Viewer> = {}): Viewer => ({
  userId: role ? 'u1' : null,
  role,
  hasPremiumPass: false,
  unlocked: new Set(),
  ...extra,
});

const chapters = {
  draft: { id: 'c1', publishedAt: null, price: 30, freeAt: null },
  scheduled: { id: 'c1', publishedAt: future, price: 0, freeAt: null },
  free: { id: 'c1', publishedAt: past, price: 0, freeAt: null },
  'free since': { id: 'c1', publishedAt: past, price: 30, freeAt: past },
  'early access': { id: 'c1', publishedAt: past, price: 30, freeAt: future },
  priced: { id: 'c1', publishedAt: past, price: 30, freeAt: null },
} satisfies Record<string, ChapterForAccess>;

const viewers = {
  visitor: viewer(null),
  reader: viewer('reader'),
  'reader who unlocked it': viewer('reader', { unlocked: new Set(['c1']) }),
  'reader who unlocked another': viewer('reader', { unlocked: new Set(['c2']) }),
  'premium reader': viewer('reader', { hasPremiumPass: true }),
  editor: viewer('editor'),
  admin: viewer('admin'),
};

type Answer = [ChapterAccess, 'readable' | 'not readable', 'listed' | 'hidden'];
const HIDDEN: Answer = ['scheduled', 'not readable', 'hidden'];
const PREVIEW: Answer = ['scheduled', 'readable', 'listed'];
const FREE: Answer = ['free', 'readable', 'listed'];
const OPEN: Answer = ['unlocked', 'readable', 'listed'];

/** DESIGN §5, written out: each chapter state against each viewer. */
const expected: Record<keyof typeof chapters, Record<keyof typeof viewers, Answer>> = {
  draft: {
    visitor: HIDDEN,
    reader: HIDDEN,
    'reader who unlocked it': HIDDEN,
    'reader who unlocked another': HIDDEN,
    'premium reader': HIDDEN,
    editor: PREVIEW,
    admin: PREVIEW,
  },
  scheduled: {
    visitor: HIDDEN,
    reader: HIDDEN,
    'reader who unlocked it': HIDDEN,
    'reader who unlocked another': HIDDEN,
    'premium reader': HIDDEN,
    editor: PREVIEW,
    admin: PREVIEW,
  },
  free: {
    visitor: FREE,
    reader: FREE,
    'reader who unlocked it': FREE,
    'reader who unlocked another': FREE,
    'premium reader': FREE,
    editor: FREE,
    admin: FREE,
  },
  'free since': {
    visitor: FREE,
    reader: FREE,
    'reader who unlocked it': FREE,
    'reader who unlocked another': FREE,
    'premium reader': FREE,
    editor: FREE,
    admin: FREE,
  },
  'early access': {
    visitor: ['early_access', 'not readable', 'listed'],
    reader: ['early_access', 'not readable', 'listed'],
    'reader who unlocked it': OPEN,
    'reader who unlocked another': ['early_access', 'not readable', 'listed'],
    'premium reader': OPEN,
    editor: OPEN,
    admin: OPEN,
  },
  priced: {
    visitor: ['locked', 'not readable', 'listed'],
    reader: ['locked', 'not readable', 'listed'],
    'reader who unlocked it': OPEN,
    'reader who unlocked another': ['locked', 'not readable', 'listed'],
    'premium reader': OPEN,
    editor: OPEN,
    admin: OPEN,
  },
};

describe('chapter access (DESIGN §5)', () => {
  for (const [state, row] of Object.entries(expected)) {
    for (const [who, [access, readable, listed]] of Object.entries(row)) {
      it(`${state} chapter, ${who}: ${access}, ${readable}, ${listed}`, () => {
        const v = viewers[who as keyof typeof viewers];
        const answer = chapterAccess(chapters[state as keyof typeof chapters], v, now);
        expect(answer).toBe(access);
        expect(canReadChapter(answer, v)).toBe(readable === 'readable');
        expect(isListed(answer, v)).toBe(listed === 'listed');
      });
    }
  }

  it('turns free at the exact free_at moment, and out at the exact published_at', () => {
    expect(chapterAccess({ ...chapters.priced, freeAt: now }, viewers.visitor, now)).toBe('free');
    expect(chapterAccess({ ...chapters.priced, freeAt: new Date(now.getTime() + 1) }, viewers.visitor, now)).toBe('early_access');
    expect(chapterAccess({ ...chapters.free, publishedAt: now }, viewers.visitor, now)).toBe('free');
    expect(chapterAccess({ ...chapters.free, publishedAt: new Date(now.getTime() + 1) }, viewers.visitor, now)).toBe('scheduled');
  });

  it('knows the team by role alone', () => {
    expect([null, 'reader', 'editor', 'admin'].map((role) => isTeam(viewer(role as Role | null)))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('access classes: who may share a cached answer', () => {
  it('names the class of each kind of viewer', () => {
    expect(accessClass(viewers.visitor)).toBe('visitor');
    expect(accessClass(viewers.reader)).toBe('visitor');
    expect(accessClass(viewer('reader', { unlocked: new Set(['c2', 'c1']) }))).toBe('unlocked:c1,c2');
    expect(accessClass(viewers['premium reader'])).toBe('premium');
    expect(accessClass(viewer('reader', { hasPremiumPass: true, unlocked: new Set(['c1']) }))).toBe('premium');
    expect(accessClass(viewers.editor)).toBe('team');
    expect(accessClass(viewer('admin', { hasPremiumPass: true, unlocked: new Set(['c1']) }))).toBe('team');
  });

  it('gives two viewers of one class the same answer for every chapter, over every input the rules read', () => {
    // Every viewer the rules can tell apart: each role, with and without a premium pass, with
    // every set of unlocks among three chapters, as two different users.
    const unlockSets = [[], ['c1'], ['c2'], ['c1', 'c2'], ['c1', 'c2', 'c3']];
    const all: Viewer[] = [];
    for (const role of [null, 'reader', 'editor', 'admin'] as const) {
      for (const hasPremiumPass of [false, true]) {
        for (const unlocked of unlockSets) {
          for (const userId of role ? ['u1', 'u2'] : [null])
            all.push({ userId, role, hasPremiumPass, unlocked: new Set(unlocked) });
        }
      }
    }
    const states = Object.values(chapters).flatMap((chapter) => ['c1', 'c2', 'c3'].map((id) => ({ ...chapter, id })));
    const answers = (v: Viewer) =>
      states.map((chapter) => {
        const access = chapterAccess(chapter, v, now);
        return `${access}/${canReadChapter(access, v)}/${isListed(access, v)}`;
      });

    const byClass = new Map<string, Viewer[]>();
    for (const v of all) byClass.set(accessClass(v), [...(byClass.get(accessClass(v)) ?? []), v]);
    expect(byClass.size).toBe(7); // team, premium, visitor, and the four non-empty unlock sets
    for (const [key, members] of byClass) {
      const first = answers(members[0]!);
      for (const other of members.slice(1)) expect(answers(other), key).toEqual(first);
    }
  });
});

describe("a member's early access (issue 38 §1)", () => {
  const DAY = 86_400_000;
  const inDays = (days: number) => new Date(now.getTime() + days * DAY);
  const member = (days: Record<string, number>, extra: Partial<Viewer> = {}) =>
    viewer('reader', { earlyAccess: new Map(Object.entries(days)), ...extra });
  const scheduled = (days: number, extra: Partial<ChapterForAccess> = {}): ChapterForAccess => ({
    id: 'c1',
    seriesId: 's1',
    publishedAt: inDays(days),
    price: 0,
    freeAt: null,
    ...extra,
  });

  it('opens a scheduled chapter of their series from publishedAt − days, whatever its price, and says when it is public', () => {
    const sevenDays = member({ s1: 7 });
    for (const chapter of [
      scheduled(3),
      scheduled(3, { price: 40 }),
      scheduled(3, { price: 40, freeAt: inDays(10) }),
      scheduled(7),
    ]) {
      const access = chapterAccess(chapter, sevenDays, now);
      expect(access).toBe('unlocked');
      expect(canReadChapter(access, sevenDays)).toBe(true);
      expect(isListed(access, sevenDays)).toBe(true);
      expect(earlyAccessOf(chapter, sevenDays, now)).toEqual({ publicAt: chapter.publishedAt });
    }
    // Past the window, another series, no series known, a draft, a 0-day tier: scheduled, as for anyone.
    const closed: [ChapterForAccess, Viewer][] = [
      [scheduled(7.001), sevenDays],
      [scheduled(3, { seriesId: 's2' }), sevenDays],
      [{ id: 'c1', publishedAt: inDays(3), price: 0, freeAt: null }, sevenDays],
      [scheduled(3, { publishedAt: null }), sevenDays],
      [scheduled(3), member({ s1: 0 })],
    ];
    for (const [chapter, who] of closed) {
      const access = chapterAccess(chapter, who, now);
      expect(access).toBe('scheduled');
      expect(canReadChapter(access, who)).toBe(false);
      expect(isListed(access, who)).toBe(false);
      expect(earlyAccessOf(chapter, who, now)).toBeNull();
    }
  });

  it('applies the ladder once the chapter is public: a priced chapter is bought, waits for its free date, or opens by a plan', () => {
    const sevenDays = member({ s1: 7 });
    const out = { id: 'c1', seriesId: 's1', publishedAt: past, price: 40, freeAt: null };
    expect(chapterAccess(out, sevenDays, now)).toBe('locked');
    expect(chapterAccess({ ...out, freeAt: future }, sevenDays, now)).toBe('early_access');
    expect(chapterAccess({ ...out, price: 0 }, sevenDays, now)).toBe('free');
    expect(chapterAccess(out, member({ s1: 7 }, { unlocked: new Set(['c1']) }), now)).toBe('unlocked');
    expect(earlyAccessOf(out, sevenDays, now)).toBeNull();
    // The exact moment it comes out: public, no longer early.
    const atRelease = scheduled(0);
    expect(earlyAccessOf(atRelease, sevenDays, now)).toBeNull();
    expect(chapterAccess(atRelease, sevenDays, now)).toBe('free');
  });

  it('leaves the team as it was: a preview of what is scheduled, shared by the whole team', () => {
    const editor = viewer('editor', { earlyAccess: new Map([['s1', 7]]) });
    expect(chapterAccess(scheduled(3), editor, now)).toBe('scheduled');
    expect(earlyAccessOf(scheduled(3), editor, now)).toBeNull();
    expect(accessClass(editor)).toBe('team');
  });

  it('never puts a member in the class of a visitor, a plain reader or a member with other days', () => {
    expect(accessClass(member({ s1: 7 }))).toBe('visitor|early:s1:7');
    expect(accessClass(member({ s1: 7 }, { hasPremiumPass: true }))).toBe('premium|early:s1:7');
    expect(accessClass(member({ s1: 7 }, { unlocked: new Set(['c2']) }))).toBe('unlocked:c2|early:s1:7');
    expect(accessClass(member({ s2: 3, s1: 7 }))).toBe('visitor|early:s1:7,s2:3');
    expect(accessClass(member({ s1: 0 }))).toBe('visitor');
    // Narrowed to one series' answer: the memberships elsewhere leave the class alone.
    expect(accessClass(viewerInSeries(member({ s2: 3, s1: 7 }), 's1'))).toBe('visitor|early:s1:7');
    expect(accessClass(viewerInSeries(member({ s2: 3 }), 's1'))).toBe('visitor');
    expect(viewerInSeries(viewers.reader, 's1')).toBe(viewers.reader);
  });

  it('gives two viewers of one class the same answer and the same early marks for every chapter', () => {
    const days = [{}, { s1: 3 }, { s1: 7 }, { s2: 7 }, { s1: 7, s2: 3 }];
    const all: Viewer[] = [];
    for (const role of [null, 'reader', 'editor'] as const)
      for (const hasPremiumPass of [false, true])
        for (const unlocked of [[], ['c1']])
          for (const early of role ? days : [{}])
            for (const userId of role ? ['u1', 'u2'] : [null])
              all.push({
                userId,
                role,
                hasPremiumPass,
                unlocked: new Set(unlocked),
                earlyAccess: new Map(Object.entries(early)),
              });
    const states = [-2, 1, 3, 5, 8].flatMap((d) =>
      ['s1', 's2'].flatMap((seriesId) => [0, 40].map((price) => scheduled(d, { seriesId, price }))),
    );
    const answers = (v: Viewer) =>
      states.map((chapter) => {
        const access = chapterAccess(chapter, v, now);
        return `${access}/${canReadChapter(access, v)}/${isListed(access, v)}/${earlyAccessOf(chapter, v, now)?.publicAt.getTime()}`;
      });
    const byClass = new Map<string, Viewer[]>();
    for (const v of all) byClass.set(accessClass(v), [...(byClass.get(accessClass(v)) ?? []), v]);
    for (const [key, members] of byClass) {
      const first = answers(members[0]!);
      for (const other of members.slice(1)) expect(answers(other), key).toEqual(first);
    }
    // A member whose window holds a chapter never answers as a visitor does.
    expect(answers(member({ s1: 3 }))).not.toEqual(answers(viewers.visitor));
  });
});
