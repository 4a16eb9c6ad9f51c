import type { ChapterAccess, Role } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { accessClass, canReadChapter, chapterAccess, isListed, isTeam, type ChapterForAccess, type Viewer } from './access';

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
