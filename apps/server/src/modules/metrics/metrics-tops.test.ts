import { describe, expect, it } from 'vitest';
import { lastClosedDay, liveRuns, rangeOfDays } from './closed-days';
import { byCount, byCountThenCoins, candidatesOf, EMPTY, rank } from './metrics-tops';

describe('which days are answered live', () => {
  it('closes a day ten minutes after it ends', () => {
    expect(lastClosedDay(new Date('2025-03-08T00:09:59Z'))).toBe('2025-03-06');
    expect(lastClosedDay(new Date('2025-03-08T00:10:00Z'))).toBe('2025-03-07');
  });

  it('answers live the days after the last closed one and the closed days not rolled up', () => {
    const rolled = new Set(['2025-03-01', '2025-03-02', '2025-03-04']);
    expect(liveRuns(rangeOfDays('2025-03-01', '2025-03-07'), '2025-03-05', rolled)).toEqual([
      { from: '2025-03-03', to: '2025-03-03', days: 1 },
      { from: '2025-03-05', to: '2025-03-07', days: 3 },
    ]);
    expect(liveRuns(rangeOfDays('2025-03-01', '2025-03-02'), '2025-03-05', rolled)).toEqual([]);
  });
});

describe('the top lists’ candidates', () => {
  const ids = (list: { id: string }[]) => list.map((entry) => entry.id).sort();

  it('add live sums to closed ones, and keep every key level with the last one wanted', () => {
    const closed = rank(
      [
        { id: 'a', n: 10 },
        { id: 'b', n: 9 },
        { id: 'c', n: 5 },
        { id: 'd', n: 5 },
        { id: 'e', n: 5 },
        { id: 'f', n: 1 },
      ],
      byCount,
    );
    const live = rank(
      [
        { id: 'f', n: 20 },
        { id: 'g', n: 2 },
      ],
      byCount,
    );
    // A top one is wanted twice over: f (21) and a (10), then nothing else level with a.
    expect(candidatesOf(closed, live, 1, byCount)).toEqual([
      { id: 'f', n: 21, coins: 0 },
      { id: 'a', n: 10, coins: 0 },
    ]);
    // A top two: f, a, b, then c, d and e are level with the fourth place.
    expect(ids(candidatesOf(closed, live, 2, byCount))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('order unlocks by count, then coins', () => {
    const closed = rank(
      [
        { id: 'a', n: 2, coins: 10 },
        { id: 'b', n: 2, coins: 30 },
        { id: 'c', n: 1, coins: 90 },
      ],
      byCountThenCoins,
    );
    expect(candidatesOf(closed, EMPTY, 1, byCountThenCoins).map((entry) => entry.id)).toEqual(['b', 'a']);
  });
});
