import { describe, expect, it } from 'vitest';
import { daysFromTo, liveRuns, rangeOfDays } from './closed-days';

describe('walking the days of a range', () => {
  it('lists every day from one end to the other, both included, across a month and a leap day', () => {
    expect(daysFromTo('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysFromTo('2025-03-04', '2025-03-04')).toEqual(['2025-03-04']);
    expect(daysFromTo('2025-03-04', '2025-03-03')).toEqual([]);
  });

  it('ends on a range that reaches 9999-12-31, whose next day sorts before it as a string', () => {
    // Compared as strings, '+010000-01' (the day after) is before '9999-12-31': the walk never ended.
    expect(daysFromTo('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
    const range = rangeOfDays('9999-12-31', '9999-12-31');
    expect(liveRuns(range, '2025-03-06', () => false)).toEqual([range]);
  });

  it('answers live the days after the last closed one and the closed days not rolled up', () => {
    const rolled = new Set(['2025-03-01', '2025-03-02', '2025-03-04']);
    expect(liveRuns(rangeOfDays('2025-03-01', '2025-03-07'), '2025-03-05', (day) => rolled.has(day))).toEqual([
      rangeOfDays('2025-03-03', '2025-03-03'),
      rangeOfDays('2025-03-05', '2025-03-07'),
    ]);
  });
});
