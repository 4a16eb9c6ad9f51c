import { describe, expect, it } from 'vitest';
import {
  clearLocalProgress,
  LOCAL_PROGRESS_KEY,
  LOCAL_PROGRESS_MAX,
  localProgressOfSeries,
  readLocalProgress,
  saveLocalProgress,
} from './local-progress';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

describe("a visitor's progress in the browser", () => {
  it('keeps the place per chapter: an omitted value stays, the end completes it, and completed is never undone', () => {
    saveLocalProgress('c1', 's1', { page: 3 }, at(1));
    saveLocalProgress('c1', 's1', { completed: false }, at(2));
    expect(readLocalProgress().c1).toEqual({
      seriesId: 's1',
      page: 3,
      position: null,
      completed: false,
      readAt: at(2).toISOString(),
    });

    saveLocalProgress('c2', 's1', { position: 0.99 }, at(3));
    expect(readLocalProgress().c2?.completed).toBe(true);
    saveLocalProgress('c2', 's1', { position: 0.1, completed: false }, at(4));
    expect(readLocalProgress().c2).toMatchObject({ position: 0.1, completed: true });
  });

  it('gives one series its chapters, as the server would', () => {
    saveLocalProgress('c1', 's1', { page: 2 }, at(1));
    saveLocalProgress('c9', 's2', { page: 5 }, at(2));
    expect(localProgressOfSeries('s1')).toEqual({
      c1: { page: 2, position: null, completed: false, readAt: at(1).toISOString() },
    });
  });

  it(`keeps the newest ${LOCAL_PROGRESS_MAX} chapters`, () => {
    for (let i = 0; i <= LOCAL_PROGRESS_MAX; i += 1) saveLocalProgress(`c${i}`, 's1', { page: 1 }, at(i));
    const kept = readLocalProgress();
    expect(Object.keys(kept)).toHaveLength(LOCAL_PROGRESS_MAX);
    expect(kept.c0).toBeUndefined();
    expect(kept[`c${LOCAL_PROGRESS_MAX}`]).toBeDefined();
  });

  it('reads a damaged store as empty and drops damaged entries', () => {
    localStorage.setItem(LOCAL_PROGRESS_KEY, '{"c1":');
    expect(readLocalProgress()).toEqual({});
    localStorage.setItem(
      LOCAL_PROGRESS_KEY,
      JSON.stringify({
        c1: { seriesId: 's1' },
        c2: { seriesId: 's1', page: 1, position: null, completed: false, readAt: at(1).toISOString() },
      }),
    );
    expect(Object.keys(readLocalProgress())).toEqual(['c2']);
    clearLocalProgress();
    expect(readLocalProgress()).toEqual({});
  });
});
