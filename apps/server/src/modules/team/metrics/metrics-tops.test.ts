import { describe, expect, it } from 'vitest';
import { lastClosedDay, liveRuns, rangeOfDays } from './closed-days';
import { byCount, byCountThenCoins, candidatesOf, LEVEL_NAMED_MAX, nameable, rank } from './metrics-tops';

describe('which days are answered live', () => {
  it('closes a day ten minutes after it ends', () => {
    expect(lastClosedDay(new Date('2025-03-08T00:09:59Z'))).toBe('2025-03-06');
    expect(lastClosedDay(new Date('2025-03-08T00:10:00Z'))).toBe('2025-03-07');
  });

  it('answers live the days after the last closed one and the closed days not rolled up', () => {
    const rolled = new Set(['2025-03-01', '2025-03-02', '2025-03-04']);
    expect(liveRuns(rangeOfDays('2025-03-01', '2025-03-07'), '2025-03-05', (day) => rolled.has(day))).toEqual([
      { from: '2025-03-03', to: '2025-03-03', days: 1 },
      { from: '2025-03-05', to: '2025-03-07', days: 3 },
    ]);
    expect(liveRuns(rangeOfDays('2025-03-01', '2025-03-02'), '2025-03-05', (day) => rolled.has(day))).toEqual([]);
  });
});

describe('the top lists’ candidates', () => {
  const ids = (list: { id: string }[]) => list.map((entry) => entry.id).sort();
  // Ranked by their sums: c, d and e are level (their titles, read later, order them).
  const closed = rank([
    { id: 'a', n: 10 },
    { id: 'b', n: 9 },
    { id: 'c', n: 5 },
    { id: 'd', n: 5 },
    { id: 'e', n: 5 },
    { id: 'f', n: 1 },
  ]);
  const live = rank([
    { id: 'f', n: 20 },
    { id: 'g', n: 2 },
  ]);

  it('add live sums to closed ones and keep what can make the list, twice over', () => {
    expect(candidatesOf(closed, live, 1, byCount)).toEqual([
      { id: 'f', n: 21, coins: 0 },
      { id: 'a', n: 10, coins: 0 },
    ]);
    // e is level with d, the last place taken, so its title may put it first; g is below the last place wanted.
    expect(ids(candidatesOf(closed, live, 2, byCount))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('keep a live key level with the last place wanted, for SQL to order by title', () => {
    const level = rank([{ id: 'g', n: 5 }]);
    expect(ids(candidatesOf(closed, level, 2, byCount))).toEqual(['a', 'b', 'c', 'd', 'e', 'g']);
  });

  it('order unlocks by count, then coins', () => {
    const unlocks = rank([
      { id: 'b', n: 2, coins: 30 },
      { id: 'a', n: 2, coins: 10 },
      { id: 'c', n: 1, coins: 90 },
    ]);
    // Today's unlock of c brings it level with b and a in count, first in coins.
    const today = rank([{ id: 'c', n: 1, coins: 5 }]);
    expect(candidatesOf(unlocks, today, 1, byCountThenCoins).map((entry) => entry.id)).toEqual(['c', 'b']);
  });
});

describe('the candidates a named list needs', () => {
  // One chapter above the rest, and many level at the last place: unlocked once each.
  const level = Array.from({ length: LEVEL_NAMED_MAX + 50 }, (_, index) => ({ id: `l${index}`, n: 1, coins: 30 }));
  const candidates = [{ id: 'top', n: 4, coins: 120 }, ...level];
  // Titles order the level keys backwards here; l249 is gone.
  const asked: string[][] = [];
  const firstByTitle = async (ids: string[], limit: number) => {
    asked.push(ids);
    return ids
      .filter((id) => id !== 'l249')
      .reverse()
      .slice(0, limit);
  };

  it('keeps those above the last place and the first level ones by title', async () => {
    const named = await nameable(candidates, 3, byCountThenCoins, firstByTitle);
    expect(named.map((entry) => entry.id).sort()).toEqual(['l246', 'l247', 'l248', 'top']);
    expect(asked.at(-1)).toHaveLength(LEVEL_NAMED_MAX + 50);
    expect(asked.at(-1)).not.toContain('top');
  });

  it('names every candidate when few are level, or too few are found', async () => {
    const few = candidates.slice(0, LEVEL_NAMED_MAX);
    expect(await nameable(few, 3, byCountThenCoins, firstByTitle)).toBe(few);
    expect(await nameable(candidates, 3, byCountThenCoins, async () => ['l1'])).toBe(candidates);
  });
});
