import { test } from '@playwright/test';

const DAY_MS = 86_400_000;

/**
 * A journey that reads "today" or "this month" on screen must meet one day from its first step to
 * its last: when the day (UTC, as the server counts days) ends within `marginMs`, this waits until
 * it has, lengthening the test's time by as much. A run near midnight waits at most `marginMs`.
 */
export async function clearOfMidnight(marginMs = 3 * 60_000): Promise<void> {
  const toMidnight = DAY_MS - (Date.now() % DAY_MS);
  if (toMidnight >= marginMs) return;
  const wait = toMidnight + 2_000;
  test.info().setTimeout(test.info().timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}
