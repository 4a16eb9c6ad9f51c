import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries } from '../../../../test/factories';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { insertPages } from './commands/chapter-rows';
import { pagesOfChapter } from './queries/pages';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a stored page is deleted only when nothing uses it (issue 7 §4.5)', () => {
  it('keeps a file another chapter still shows, and deletes it with its last page', async () => {
    const series = await buildSeries(t);
    // Drafts: a chapter that is out keeps its last page (issue 33 §5).
    const first = await buildChapter(t, series.id, { number: 1, pages: 1, publishedAt: null });
    const second = await buildChapter(t, series.id, { number: 2, publishedAt: null });
    const [page] = await pagesOfChapter(t.db, first.id);
    // A page row of another chapter pointing at the same file (as the old demo content did).
    await insertPages(t.db, [
      { chapterId: second.id, position: 0, imageKey: page!.imageKey, width: page!.width, height: page!.height },
    ]);
    const { storage, chapters } = t.app.services;

    await chapters.removePage(first.id, page!.id);
    expect(await storage.get(page!.imageKey)).not.toBeNull();

    const [shared] = await pagesOfChapter(t.db, second.id);
    await chapters.removePage(second.id, shared!.id);
    expect(await storage.get(page!.imageKey)).toBeNull();
  });
});
