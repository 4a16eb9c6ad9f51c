import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { openPostgres } from '../../../db/client';
import { createLimiter } from '../../../lib/limiter-factory';
import { buildChapter, buildSeries } from '../../../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('publishing is claimed once (DESIGN §5)', () => {
  it('releases a chapter published now at once, and never again when it is edited', async () => {
    const series = await buildSeries(t);
    const chapter = await buildChapter(t, series.id, {
      number: 1,
      publishedAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });
    expect(await t.app.services.publishing.publishDue()).toEqual([]);
    await t.app.services.chapters.updateChapter(chapter.id, { title: 'Renamed' });
    expect(await t.app.services.publishing.publishDue()).toEqual([]);
  });

  it('releases a scheduled chapter when its time comes, once', async () => {
    const series = await buildSeries(t);
    const chapter = await buildChapter(t, series.id, {
      number: 1,
      publishedAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(await t.app.services.publishing.publishDue()).toEqual([]);
    t.clock.advance(61_000);
    expect(await t.app.services.publishing.publishDue()).toEqual([{ id: chapter.id, seriesId: series.id }]);
    expect(await t.app.services.publishing.publishDue()).toEqual([]);
  });

  it('leaves drafts alone', async () => {
    const series = await buildSeries(t);
    await buildChapter(t, series.id, { number: 1, publishedAt: null });
    t.clock.advance(60_000);
    expect(await t.app.services.publishing.publishDue()).toEqual([]);
  });
});

const target = inject('testDatabase');
describe.skipIf(target.kind !== 'postgres')('two instances on one PostgreSQL database', () => {
  it('claim a chapter coming due exactly once, however they race', async () => {
    const series = await buildSeries(t);
    const due = [];
    for (let n = 1; n <= 20; n += 1) {
      due.push(
        await buildChapter(t, series.id, { number: n, publishedAt: new Date(t.clock.now().getTime() + 30_000).toISOString() }),
      );
    }
    t.clock.advance(31_000);
    // A second app instance on the same database, with its own pool, as another process would be.
    const url = (t as unknown as { databaseUrl?: string }).databaseUrl;
    expect(url).toBeTruthy();
    const other = openPostgres(url!, { max: 5 });
    const limiter = createLimiter(undefined);
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, PUBLIC_URL: TEST_ORIGIN, MEDIA_AVIF: '0' }),
      database: other,
      limiter,
      clock: t.clock,
      jobs: { runWorkers: false },
    });
    try {
      const rounds = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? t.app : second).services.publishing.publishDue()),
      );
      const claimed = rounds
        .flat()
        .map((release) => release.id)
        .sort();
      expect(claimed).toEqual(due.map((chapter) => chapter.id).sort());
    } finally {
      await second.close();
      await limiter.close();
      await other.close();
    }
  });
});
