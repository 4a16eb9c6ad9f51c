import { ROUTES, fillPath } from '@inkwell/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, signedInUser, teamOf } from '../../../../test/factories';
import { callEndpoint, createTestApp, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { translatorFor } from '../../../lib/i18n';
import { yearCardSvg } from './year-card';
import { chapters as chaptersTable, pushQuietHours, readingProgress, readingYearShares } from '../../../db/schema';

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Inkwell" /><title>Inkwell</title></head><body><div id="root"></div></body></html>`;
const MINUTE = 60_000;

let t: TestContext;
let reader: Awaited<ReturnType<typeof signedInUser>>;
let alpha: { id: string; title: string };
let beta: { id: string; title: string };

/** A finished chapter: first opened `minutes` before `finishedAt` (null: opened before that was kept). */
async function finished(userId: string, chapter: { id: string; seriesId: string }, finishedAt: string, minutes: number | null) {
  const end = new Date(finishedAt);
  await t.db.insert(readingProgress).values({
    userId,
    chapterId: chapter.id,
    seriesId: chapter.seriesId,
    position: 1,
    completed: true,
    openedAt: minutes === null ? null : new Date(end.getTime() - minutes * MINUTE),
    readAt: end,
    finishCountsAt: end,
    finishedAt: end,
  });
}

/**
 * The seeded year, 2025 in UTC: a comic (Action, 3 pages a chapter) finished on 3, 4 and 5 March (a
 * streak of 3) and 10 April; a novel (Romance, 3,000 bytes a chapter: 2 pages) on 10 April (opened
 * before opening was kept) and 1 June; a fifth comic chapter opened, not finished; one in 2023.
 */
beforeAll(async () => {
  t = await createTestApp({ indexHtml: INDEX });
  const team = teamOf(t);
  const action = await team.createGenre('Action');
  const romance = await team.createGenre('Romance');
  alpha = await buildSeries(t, { title: 'Alpha <& "Co">', genreIds: [action.id] });
  beta = await buildSeries(t, { type: 'novel', title: 'Beta', genreIds: [romance.id] });
  const comic = [];
  for (let number = 1; number <= 6; number += 1) comic.push(await buildChapter(t, alpha.id, { number, pages: 3 }));
  const novel = [];
  for (let number = 1; number <= 2; number += 1) novel.push(await buildChapter(t, beta.id, { number }));
  await t.db
    .update(chaptersTable)
    .set({ content: 'x'.repeat(3000) })
    .where(eq(chaptersTable.seriesId, beta.id));
  reader = await signedInUser(t);
  const id = reader.user.id;
  await finished(id, comic[0]!, '2025-03-03T10:00:00Z', 10);
  await finished(id, comic[1]!, '2025-03-04T23:59:00Z', 20);
  await finished(id, comic[2]!, '2025-03-05T00:01:00Z', 30);
  await finished(id, comic[3]!, '2025-04-10T12:00:00Z', 60);
  await finished(id, novel[0]!, '2025-04-10T13:00:00Z', null);
  await finished(id, novel[1]!, '2025-06-01T08:00:00Z', 40);
  await finished(id, comic[5]!, '2023-08-01T08:00:00Z', 5);
  await t.db.insert(readingProgress).values({ userId: id, chapterId: comic[4]!.id, seriesId: alpha.id, page: 1 });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const statsOf = async (cookie: string, query = '?year=2025') => callEndpoint(t, 'myStats', { cookie, query });
const png = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });

describe("the reader's year", () => {
  it('counts the finished chapters, pages, weeks, streaks, median and favourites exactly', async () => {
    const answer = await statsOf(reader.cookie);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.year).toBe(2025);
    expect(data.timeZone).toBe('UTC');
    expect(data.totals).toEqual({ chapters: 6, pages: 16, series: 2, days: 5 });
    // Monday 30 December 2024 to Monday 29 December 2025.
    expect(data.weeks).toHaveLength(53);
    expect(data.weeks[0]).toEqual({ start: '2024-12-30', chapters: 0, pages: 0 });
    const read = data.weeks.filter((week: { chapters: number }) => week.chapters > 0);
    expect(read).toEqual([
      { start: '2025-03-03', chapters: 3, pages: 9 },
      { start: '2025-04-07', chapters: 2, pages: 5 },
      { start: '2025-05-26', chapters: 1, pages: 2 },
    ]);
    expect(data.streaks).toEqual({ longest: 3, current: 0 });
    // 10, 20, 30, 40 and 60 minutes; the novel chapter opened before opening was kept is left out.
    expect(data.medianOpenToFinishMs).toBe(30 * MINUTE);
    expect(data.topSeries).toEqual([
      { id: alpha.id, slug: expect.any(String), title: alpha.title, chapters: 4 },
      { id: beta.id, slug: expect.any(String), title: 'Beta', chapters: 2 },
    ]);
    expect(data.topGenres).toEqual([
      { name: 'Action', chapters: 4 },
      { name: 'Romance', chapters: 2 },
    ]);
    expect(data.years).toEqual(expect.arrayContaining([2025, 2023]));
    expect(data.years).not.toContain(2024);
    expect(data.share).toBeNull();
  });

  it('carries a run of reading days over New Year into the current streak, and shows none for a past year', async () => {
    const before = t.clock.now();
    try {
      // The reader signs in on the day asked about (a session made a year before would have ended).
      t.clock.set(new Date('2027-01-02T18:00:00Z'));
      const someone = await signedInUser(t);
      const series = await buildSeries(t, { title: 'Turn of the Year' });
      const days = ['2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'];
      for (const [index, day] of days.entries()) {
        const chapter = await buildChapter(t, series.id, { number: index + 1, pages: 1 });
        await finished(someone.user.id, chapter, `${day}T12:00:00Z`, 5);
      }
      const now = (await statsOf(someone.cookie, '?year=2027')).body.data;
      expect(now.streaks).toEqual({ longest: 2, current: 5 });
      const last = (await statsOf(someone.cookie, '?year=2026')).body.data;
      expect(last.streaks).toEqual({ longest: 3, current: 0 });
    } finally {
      t.clock.set(before);
    }
  });

  it("counts days in the account's time zone when it has one", async () => {
    const other = await signedInUser(t);
    const [chapter] = await t.db.select().from(chaptersTable).where(eq(chaptersTable.seriesId, alpha.id)).limit(1);
    const second = (await t.db.select().from(chaptersTable).where(eq(chaptersTable.seriesId, beta.id)).limit(1))[0]!;
    // 31 December 20:00 UTC is 1 January 05:00 in Tokyo; 1 January 16:00 UTC is 2 January there.
    await finished(other.user.id, chapter!, '2024-12-31T20:00:00Z', 15);
    await finished(other.user.id, second, '2025-01-01T16:00:00Z', 25);
    const inUtc = (await statsOf(other.cookie)).body.data;
    expect(inUtc.totals.chapters).toBe(1);
    expect(inUtc.streaks.longest).toBe(1);
    await t.db.insert(pushQuietHours).values({ userId: other.user.id, startMinute: 0, endMinute: 60, timeZone: 'Asia/Tokyo' });
    const inTokyo = (await statsOf(other.cookie)).body.data;
    expect(inTokyo.timeZone).toBe('Asia/Tokyo');
    expect(inTokyo.totals).toEqual({ chapters: 2, pages: 5, series: 2, days: 2 });
    expect(inTokyo.streaks.longest).toBe(2);
    expect(inTokyo.medianOpenToFinishMs).toBe(20 * MINUTE);
    expect(inTokyo.years).not.toContain(2024);
  });

  it('refuses a year out of range with the field named, and a visitor', async () => {
    const bad = await statsOf(reader.cookie, '?year=1999');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect((await callEndpoint(t, 'myStats', {})).status).toBe(401);
    expect((await png(fillPath(ROUTES.myStatsCard.path, { year: 2025 }))).statusCode).toBe(401);
    expect((await callEndpoint(t, 'myStatsShare', { params: { year: '2025' } })).status).toBe(401);
  });

  it("draws the year's card as a 1200×630 PNG, and each reader only ever gets their own", async () => {
    const response = await png(fillPath(ROUTES.myStatsCard.path, { year: 2025 }), reader.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // Another reader asking for 2025 gets their own (empty) year: the path names no one else.
    const other = await signedInUser(t);
    expect((await statsOf(other.cookie)).body.data.totals.chapters).toBe(0);
  });
});

describe('the card', () => {
  it('escapes every text it puts in its SVG: a username and titles can hold markup', async () => {
    const figures = (await statsOf(reader.cookie)).body.data;
    const svg = yearCardSvg(
      { ...figures, topGenres: [{ name: '</text><script>x</script>', chapters: 1 }] },
      'ana"&<b>',
      'en',
      translatorFor('en'),
    );
    expect(svg).toContain('Alpha &lt;&amp; &quot;Co&quot;&gt;');
    expect(svg).toContain('ana&quot;&amp;&lt;b&gt;');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(svg).not.toMatch(/<script|<b>|https?:\/\/(?!www\.w3\.org)/);
    expect(await sharp(Buffer.from(svg)).metadata()).toMatchObject({ width: 1200, height: 630 });
  });
});

describe('sharing the card', () => {
  it('makes one unguessable link, shows the username and figures only, with the card as og:image, and stops', async () => {
    const shared = await callEndpoint(t, 'myStatsShare', { cookie: reader.cookie, params: { year: '2025' } });
    expect(shared.status).toBe(200);
    const { token, url, cardUrl } = shared.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`${TEST_ORIGIN}/year/${token}`);
    expect(cardUrl).toBe(`${TEST_ORIGIN}${fillPath(ROUTES.yearShareCard.path, { token })}`);
    const again = await callEndpoint(t, 'myStatsShare', { cookie: reader.cookie, params: { year: '2025' } });
    expect(again.body.data.token).toBe(token);
    expect((await statsOf(reader.cookie)).body.data.share).toEqual({ token, url, cardUrl });

    const year = await callEndpoint(t, 'yearShare', { params: { token } });
    expect(year.status).toBe(200);
    expect(year.body.data.username).toBe(reader.user.username);
    expect(year.body.data.totals).toEqual({ chapters: 6, pages: 16, series: 2, days: 5 });
    const body = JSON.stringify(year.body.data);
    for (const personal of [reader.user.id, reader.user.email, 'timeZone']) expect(body).not.toContain(personal);

    const card = await png(cardUrl.slice(TEST_ORIGIN.length));
    expect(card.statusCode).toBe(200);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });

    const page = await t.app.inject({ method: 'GET', url: `/year/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta property="og:image" content="${cardUrl}" />`);
    expect(page.body).toContain(`<title>${reader.user.username}&#39;s 2025 in reading · Inkwell</title>`);
    expect(page.body).toContain('<meta name="robots" content="noindex" />');

    const stopped = await callEndpoint(t, 'myStatsUnshare', { cookie: reader.cookie, params: { year: '2025' } });
    expect(stopped.status).toBe(200);
    expect((await callEndpoint(t, 'yearShare', { params: { token } })).status).toBe(404);
    expect((await png(cardUrl.slice(TEST_ORIGIN.length))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/year/${token}` })).statusCode).toBe(404);
    expect((await statsOf(reader.cookie)).body.data.share).toBeNull();
  });

  it('names on a shared year only the series a visitor may see: never an Adult or unpublished one', async () => {
    const adult = await buildSeries(t, { title: 'Velvet Nights', isAdult: true });
    const hidden = await buildSeries(t, { title: 'Draft Kingdom', isPublished: false });
    const shown = await buildSeries(t, { title: 'Open Skies' });
    const someone = await signedInUser(t);
    for (const series of [adult, hidden, shown]) {
      const chapter = await buildChapter(t, series.id, { number: 1, pages: 1 });
      await finished(someone.user.id, chapter, '2025-05-05T10:00:00Z', 5);
    }
    const own = await statsOf(someone.cookie);
    expect(own.body.data.topSeries.map((each: { title: string }) => each.title).sort()).toEqual([
      'Draft Kingdom',
      'Open Skies',
      'Velvet Nights',
    ]);
    const shared = await callEndpoint(t, 'myStatsShare', { cookie: someone.cookie, params: { year: '2025' } });
    const year = await callEndpoint(t, 'yearShare', { params: { token: shared.body.data.token } });
    expect(year.status).toBe(200);
    expect(year.body.data.topSeries.map((each: { title: string }) => each.title)).toEqual(['Open Skies']);
    expect(year.body.data.totals).toMatchObject({ chapters: 3, series: 3 });
    const page = await t.app.inject({ method: 'GET', url: `/year/${shared.body.data.token as string}` });
    for (const title of ['Velvet Nights', 'Draft Kingdom']) {
      expect(JSON.stringify(year.body.data)).not.toContain(title);
      expect(page.body).not.toContain(title);
    }
  });

  it('answers an unknown token as an unshared one, and a malformed one as invalid', async () => {
    const unknown = await callEndpoint(t, 'yearShare', { params: { token: 'A'.repeat(32) } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect((await callEndpoint(t, 'yearShare', { params: { token: 'short' } })).status).toBe(400);
  });

  it("leaves another reader's share alone: unsharing the same year stops only mine", async () => {
    const mine = (await callEndpoint(t, 'myStatsShare', { cookie: reader.cookie, params: { year: '2025' } })).body.data;
    const other = await signedInUser(t);
    await callEndpoint(t, 'myStatsUnshare', { cookie: other.cookie, params: { year: '2025' } });
    expect((await callEndpoint(t, 'yearShare', { params: { token: mine.token } })).status).toBe(200);
    await callEndpoint(t, 'myStatsUnshare', { cookie: reader.cookie, params: { year: '2025' } });
  });

  it('ends with the account: deleting it removes the share', async () => {
    const leaving = await signedInUser(t);
    const { token } = (await callEndpoint(t, 'myStatsShare', { cookie: leaving.cookie, params: { year: '2024' } })).body.data;
    const exported = await callEndpoint(t, 'accountExport', { cookie: leaving.cookie });
    expect(exported.body.yearShares).toEqual([{ year: 2024, createdAt: expect.any(String) }]);
    expect(JSON.stringify(exported.body)).not.toContain(token);
    const deleted = await callEndpoint(t, 'accountDelete', { cookie: leaving.cookie, body: { password: leaving.user.password } });
    expect(deleted.status).toBe(200);
    const left = await t.db.select().from(readingYearShares).where(eq(readingYearShares.userId, leaving.user.id));
    expect(left).toEqual([]);
    expect((await callEndpoint(t, 'yearShare', { params: { token } })).status).toBe(404);
  });
});

describe('the year reads its index', () => {
  // A reader with 10,000 rows reads only the year's: the partial index on (user_id, finished_at).
  it('finds the finished rows of a year through reading_progress_finished_idx', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select rp.series_id from reading_progress rp
        where rp.user_id = ${reader.user.id} and rp.finished_at >= '2025-01-01T00:00:00Z' and rp.finished_at < '2026-01-01T00:00:00Z'`);
    });
    expect(JSON.stringify(plan)).toContain('reading_progress_finished_idx');
  });
});
