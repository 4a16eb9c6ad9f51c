/** Time as a dependency, so tests can move it (session expiry, reset-token expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests that only moves when told to. */
export function createManualClock(start = new Date('2026-01-01T00:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(moment: Date) {
      current = moment.getTime();
    },
  };
}

/**
 * The system's time moved by an offset (TEST_CLOCK): the browser journeys move it forward to see
 * what a day later looks like, on a real running server.
 */
export function createOffsetClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    setOffset(ms: number) {
      offsetMs = ms;
    },
  };
}
export type OffsetClock = ReturnType<typeof createOffsetClock>;

const DAY_MS = 86_400_000;
/** The day `utcDayOf` answered last, and the moments it spans. */
let lastDay = { from: 0, to: 0, day: '1970-01-01' };

/**
 * A moment's UTC day (YYYY-MM-DD), as `toISOString().slice(0, 10)` gives it, from the last day
 * asked when it falls in it: the view count asks on every reader's request (issue 40).
 */
export function utcDayOf(now: Date): string {
  const ms = now.getTime();
  if (ms < lastDay.from || ms >= lastDay.to) {
    const from = Math.floor(ms / DAY_MS) * DAY_MS;
    lastDay = { from, to: from + DAY_MS, day: new Date(from).toISOString().slice(0, 10) };
  }
  return lastDay.day;
}
