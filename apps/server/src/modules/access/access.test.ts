import type { Role } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { canReadChapter, chapterAccess, isListed, type Viewer } from './access';

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
const chapter = (publishedAt: Date | null, price: number, freeAt: Date | null) => ({ id: 'c1', publishedAt, price, freeAt });

describe('chapter access (DESIGN §5), every combination', () => {
  const publications = { draft: null, scheduled: future, published: past } as const;
  const freeDates = { none: null, passed: past, coming: future } as const;
  const roles = [null, 'reader', 'editor', 'admin'] as const;

  for (const [publication, publishedAt] of Object.entries(publications)) {
    for (const price of [0, 30]) {
      for (const [freeDate, freeAt] of Object.entries(freeDates)) {
        for (const role of roles) {
          const team = role === 'editor' || role === 'admin';
          let expected: string;
          if (publication !== 'published') expected = 'scheduled';
          else if (price === 0 || freeDate === 'passed') expected = 'free';
          else if (team) expected = 'unlocked';
          else expected = freeDate === 'coming' ? 'early_access' : 'locked';

          it(`${publication}, price ${price}, free date ${freeDate}, ${role ?? 'visitor'} → ${expected}`, () => {
            const v = viewer(role);
            const access = chapterAccess(chapter(publishedAt, price, freeAt), v, now);
            expect(access).toBe(expected);
            const readable = expected === 'free' || expected === 'unlocked' || (expected === 'scheduled' && team);
            expect(canReadChapter(access, v)).toBe(readable);
            expect(isListed(access, v)).toBe(expected !== 'scheduled' || team);
          });
        }
      }
    }
  }

  it('opens a priced chapter to its unlocker and to a premium pass, and to no one else', () => {
    const priced = chapter(past, 30, null);
    expect(chapterAccess(priced, viewer('reader', { unlocked: new Set(['c1']) }), now)).toBe('unlocked');
    expect(chapterAccess(priced, viewer('reader', { unlocked: new Set(['other']) }), now)).toBe('locked');
    expect(chapterAccess(priced, viewer('reader', { hasPremiumPass: true }), now)).toBe('unlocked');
  });

  it('turns free at the exact free_at moment', () => {
    expect(chapterAccess(chapter(past, 30, now), viewer(null), now)).toBe('free');
    expect(chapterAccess(chapter(past, 30, new Date(now.getTime() + 1)), viewer(null), now)).toBe('early_access');
  });
});
