import { describe, expect, it } from 'vitest';
import { writeBrowserOwner } from '../browser-owner';
import {
  claimVisitorProgress,
  clearLocalProgress,
  dropLocalProgressOfOthers,
  LOCAL_PROGRESS_KEY,
  LOCAL_PROGRESS_MAX,
  localProgressOfSeries,
  readLocalProgress,
  saveLocalProgress,
} from './local-progress';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

describe("a visitor's progress in the browser", () => {
  it('keeps the place per chapter: an omitted value stays, the end completes it, and completed is never undone', () => {
    saveLocalProgress(null, 'c1', 's1', { page: 3 }, at(1));
    saveLocalProgress(null, 'c1', 's1', { completed: false }, at(2));
    expect(readLocalProgress(null).c1).toEqual({
      seriesId: 's1',
      page: 3,
      position: null,
      completed: false,
      readAt: at(2).toISOString(),
    });

    saveLocalProgress(null, 'c2', 's1', { position: 0.99 }, at(3));
    expect(readLocalProgress(null).c2?.completed).toBe(true);
    saveLocalProgress(null, 'c2', 's1', { position: 0.1, completed: false }, at(4));
    expect(readLocalProgress(null).c2).toMatchObject({ position: 0.1, completed: true });
  });

  it('gives one series its chapters, as the server would', () => {
    saveLocalProgress(null, 'c1', 's1', { page: 2 }, at(1));
    saveLocalProgress(null, 'c9', 's2', { page: 5 }, at(2));
    expect(localProgressOfSeries('s1', readLocalProgress(null))).toEqual({
      c1: { page: 2, position: null, completed: false, readAt: at(1).toISOString() },
    });
  });

  it(`keeps the newest ${LOCAL_PROGRESS_MAX} chapters`, () => {
    for (let i = 0; i <= LOCAL_PROGRESS_MAX; i += 1) saveLocalProgress(null, `c${i}`, 's1', { page: 1 }, at(i));
    const kept = readLocalProgress(null);
    expect(Object.keys(kept)).toHaveLength(LOCAL_PROGRESS_MAX);
    expect(kept.c0).toBeUndefined();
    expect(kept[`c${LOCAL_PROGRESS_MAX}`]).toBeDefined();
  });

  it('reads a damaged store as empty and drops damaged entries', () => {
    localStorage.setItem(LOCAL_PROGRESS_KEY, '{"c1":');
    expect(readLocalProgress(null)).toEqual({});
    localStorage.setItem(
      LOCAL_PROGRESS_KEY,
      JSON.stringify({
        c1: { seriesId: 's1' },
        c2: { seriesId: 's1', page: 1, position: null, completed: false, readAt: at(1).toISOString() },
      }),
    );
    expect(Object.keys(readLocalProgress(null))).toEqual(['c2']);
    clearLocalProgress(null);
    expect(readLocalProgress(null)).toEqual({});
  });
});

describe('places kept per account (issue 32 §3)', () => {
  it("keeps a signed-in reader's place in their own store, never in the visitor's", () => {
    writeBrowserOwner('ann');
    saveLocalProgress('ann', 'c1', 's1', { page: 2 }, at(1));
    expect(readLocalProgress('ann').c1).toMatchObject({ page: 2 });
    expect(readLocalProgress(null)).toEqual({});
    expect(localStorage.getItem(LOCAL_PROGRESS_KEY)).toBeNull();
  });

  it('keeps nothing for an account this browser is no longer theirs: after a logout, or once another signed in', () => {
    expect(saveLocalProgress('ann', 'c1', 's1', { page: 2 }, at(1))).toBeNull();
    writeBrowserOwner('ben');
    expect(saveLocalProgress('ann', 'c1', 's1', { page: 2 }, at(1))).toBeNull();
    expect(readLocalProgress('ann')).toEqual({});
    expect(Object.keys(localStorage)).toEqual(['inkwell.owner']);
  });

  it("gives the visitor's places to the reader who signs in: the newer place of a chapter wins, completed stays", () => {
    writeBrowserOwner('ann');
    saveLocalProgress('ann', 'c1', 's1', { position: 1 }, at(5));
    saveLocalProgress('ann', 'c2', 's1', { page: 1 }, at(1));
    writeBrowserOwner(null);
    saveLocalProgress(null, 'c1', 's1', { position: 0.2 }, at(6));
    saveLocalProgress(null, 'c2', 's1', { page: 3 }, at(7));
    saveLocalProgress(null, 'c3', 's2', { page: 4 }, at(8));
    writeBrowserOwner('ann');
    claimVisitorProgress('ann');
    expect(readLocalProgress(null)).toEqual({});
    expect(readLocalProgress('ann')).toEqual({
      c1: { seriesId: 's1', page: null, position: 0.2, completed: true, readAt: at(6).toISOString() },
      c2: { seriesId: 's1', page: 3, position: null, completed: false, readAt: at(7).toISOString() },
      c3: { seriesId: 's2', page: 4, position: null, completed: false, readAt: at(8).toISOString() },
    });
  });

  it("drops every other account's places, and keeps the visitor's", () => {
    localStorage.setItem('inkwell.progress.ann', JSON.stringify({ c1: place(1) }));
    localStorage.setItem('inkwell.progress.ben', JSON.stringify({ c2: place(2) }));
    localStorage.setItem(LOCAL_PROGRESS_KEY, JSON.stringify({ c3: place(3) }));
    dropLocalProgressOfOthers('ben');
    expect(Object.keys(localStorage).sort()).toEqual([LOCAL_PROGRESS_KEY, 'inkwell.progress.ben']);
    dropLocalProgressOfOthers(null);
    expect(Object.keys(localStorage)).toEqual([LOCAL_PROGRESS_KEY]);
  });
});

function place(minute: number) {
  return { seriesId: 's1', page: 1, position: null, completed: false, readAt: at(minute).toISOString() };
}
