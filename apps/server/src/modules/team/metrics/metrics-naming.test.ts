import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries } from '../../../../test/factories';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { firstChaptersByTitle, firstSeriesByTitle } from './metrics-tops.repository';

// The reads that pick which of many keys level at a top list's last place get named (metrics-tops.ts: nameable).
let t: TestContext;
const series: Record<string, string> = {};
const chapters: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const title of ['Corvid Hours', 'Amber Road', 'Brine Choir']) {
    series[title] = (await buildSeries(t, { title })).id;
    for (const number of [2, 1]) chapters[`${title} ${number}`] = (await buildChapter(t, series[title]!, { number })).id;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the first of many level keys by title', () => {
  const gone = '00000000-0000-4000-8000-000000000001';

  it('gives chapters by their series’ title and their number, skipping those gone', async () => {
    const ids = [gone, ...Object.values(chapters)];
    const first = await firstChaptersByTitle(t.db, ids, 3);
    expect(first).toEqual([chapters['Amber Road 1'], chapters['Amber Road 2'], chapters['Brine Choir 1']]);
  });

  it('gives series by title, skipping those gone', async () => {
    const first = await firstSeriesByTitle(t.db, [gone, series['Corvid Hours']!, series['Brine Choir']!], 5);
    expect(first).toEqual([series['Brine Choir'], series['Corvid Hours']]);
  });
});
