import { utcDay, addDays } from '@inkwell/contract';
import { openPostgres } from '../apps/server/src/db/client';
import * as repo from '../apps/server/src/modules/metrics/metrics.repository';
import * as tops from '../apps/server/src/modules/metrics/metrics-tops.repository';
import { rangeOfDays, lastClosedDay } from '../apps/server/src/modules/metrics/closed-days';

const handle = openPostgres(process.argv[2]!, { max: 2 });
const db = handle.db;
const today = utcDay(new Date());
const live = rangeOfDays(today, today);
const closed = rangeOfDays(addDays(today, -29), lastClosedDay(new Date()));
async function time(name: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await f();
  const t0 = performance.now();
  let r: unknown;
  for (let i = 0; i < 20; i++) r = await f();
  const n = Array.isArray(r) ? r.length : '';
  console.log(name.padEnd(40), ((performance.now() - t0) / 20).toFixed(2), 'ms', n);
}
await time('listTeamDays today', () => repo.listTeamDays(db, live));
await time('countAwaitingTeam', () => repo.countAwaitingTeam(db, new Date()));
await time('sumViewsBySeries today', () => tops.sumViewsBySeries(db, live));
await time('sumViewsByChapter today', () => tops.sumViewsByChapter(db, live));
await time('sumUnlocksByChapter today', () => tops.sumUnlocksByChapter(db, live));
const ranked = await tops.rankedViewsByChapter(db, closed);
console.log('closed ranked chapters', ranked.length);
const rankedU = await tops.rankedUnlocksByChapter(db, closed);
console.log('closed ranked unlocks', rankedU.length);
const { candidatesOf, rank, byCount, byCountThenCoins } = await import('../apps/server/src/modules/metrics/metrics-tops');
const c1 = candidatesOf(rank(ranked), rank(await tops.sumViewsByChapter(db, live)), 10, byCount);
const c2 = candidatesOf(rank(rankedU), rank(await tops.sumUnlocksByChapter(db, live)), 10, byCountThenCoins);
const rankedS = await tops.sumViewsBySeries(db, closed);
const c3 = candidatesOf(rank(rankedS), rank(await tops.sumViewsBySeries(db, live)), 10, byCount);
console.log('candidates', c1.length, c2.length, c3.length);
await time('candidatesOf chapters (js)', async () => candidatesOf(rank(ranked), rank(await tops.sumViewsByChapter(db, live)), 10, byCount));
await time('nameTopChaptersByViews', () => tops.nameTopChaptersByViews(db, c1, 10));
await time('nameTopChaptersByUnlocks', () => tops.nameTopChaptersByUnlocks(db, c2, 10));
await time('nameTopSeriesByViews', () => tops.nameTopSeriesByViews(db, c3, 10));
await handle.close();
