import { ROUTES, fillPath } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';

/*
 * Issue 22 §3: a team member adds ?as=visitor|reader|premium to a public read and is answered as
 * that kind of viewer, never kept by a cache; anyone else's `as` changes nothing.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('preview as another viewer', () => {
  it('answers a locked chapter as a visitor, a reader without unlocks or a premium reader, with no-store', async () => {
    const series = await buildSeries(t, { waitPassIntervalHours: 24 });
    await buildChapter(t, series.id, { number: 1 });
    const locked = await buildChapter(t, series.id, { number: 2, price: 40, pages: 3, previewPages: 1 });
    await buildChapter(t, series.id, { number: 3 });
    const editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
    const reader = await loginAs(t.app, await buildUser(t.db));
    const chapter = async (cookie: string, as?: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: fillPath(ROUTES.chapter.path, { slug: series.slug, chapterSlug: locked.slug }) + (as ? `?as=${as}` : ''),
        headers: { origin: TEST_ORIGIN, cookie },
      });
      return { cacheControl: response.headers['cache-control'], data: response.json().data };
    };

    const own = await chapter(editor);
    expect(own.data, JSON.stringify({ ...own.data, pages: undefined })).toMatchObject({ canRead: true, offers: [] });
    expect(own.data.pages).toHaveLength(3);

    for (const as of ['visitor', 'reader']) {
      const seen = await chapter(editor, as);
      expect(seen.cacheControl).toBe('no-store');
      expect(seen.data).toMatchObject({ canRead: false, isPreview: true, openUntil: null });
      expect(seen.data.pages).toHaveLength(1);
      expect(seen.data.offers.map((offer: { type: string }) => offer.type)).toEqual(['wait_pass', 'coins', 'plan']);
    }
    const premium = await chapter(editor, 'premium');
    expect(premium.cacheControl).toBe('no-store');
    expect(premium.data).toMatchObject({ canRead: true, offers: [] });
    expect(premium.data.chapter.access).toBe('unlocked');

    // A reader's `as` is ignored: they see what they see, kept as usual.
    const ignored = await chapter(reader, 'premium');
    expect(ignored.cacheControl).not.toBe('no-store');
    expect(ignored.data.canRead).toBe(false);
    // Nor does `as` reach past the public reads: the editor's own account answers as theirs.
    const profile = await t.app.inject({
      method: 'GET',
      url: `${ROUTES.verify.path}?as=visitor`,
      headers: { origin: TEST_ORIGIN, cookie: editor },
    });
    expect(profile.json().user.role).toBe('editor');
  });

  it('shows a chapter not out yet as it will be at its release (issue 33 §7), to the team alone', async () => {
    const series = await buildSeries(t);
    await buildChapter(t, series.id, { number: 1 });
    const inTwoDays = new Date(t.clock.now().getTime() + 2 * 86_400_000);
    const scheduled = await buildChapter(t, series.id, {
      number: 2,
      price: 30,
      pages: 3,
      previewPages: 1,
      publishedAt: inTwoDays.toISOString(),
    });
    const editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
    const reader = await loginAs(t.app, await buildUser(t.db));
    const chapter = (cookie: string, as?: string) =>
      t.app.inject({
        method: 'GET',
        url: fillPath(ROUTES.chapter.path, { slug: series.slug, chapterSlug: scheduled.slug }) + (as ? `?as=${as}` : ''),
        headers: { origin: TEST_ORIGIN, cookie },
      });

    for (const as of ['visitor', 'reader']) {
      const seen = await chapter(editor, as);
      expect(seen.statusCode, as).toBe(200);
      expect(seen.headers['cache-control']).toBe('no-store');
      expect(seen.json().data).toMatchObject({ canRead: false, isPreview: true, chapter: { access: 'locked', price: 30 } });
      expect(seen.json().data.pages).toHaveLength(1);
      // Its neighbours as readers will have them then.
      expect(seen.json().data.previous).toMatchObject({ number: 1 });
    }
    const premium = (await chapter(editor, 'premium')).json().data;
    expect(premium).toMatchObject({ canRead: true, chapter: { access: 'unlocked' } });
    expect(premium.pages).toHaveLength(3);

    // Readers, and a reader's `as`, still find nothing before the release.
    expect((await chapter(reader)).statusCode).toBe(404);
    expect((await chapter(reader, 'premium')).statusCode).toBe(404);
    // Nor is the preview kept for them: a visitor asking right after still finds nothing.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: fillPath(ROUTES.chapter.path, { slug: series.slug, chapterSlug: scheduled.slug }),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('shows a draft as it would be if it came out now, after the chapters out before it, to the team alone', async () => {
    const series = await buildSeries(t);
    await buildChapter(t, series.id, { number: 1 });
    const draft = await buildChapter(t, series.id, { number: 2, price: 25, pages: 2, previewPages: 1, publishedAt: null });
    const editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
    const chapter = (cookie: string | undefined, as?: string) =>
      t.app.inject({
        method: 'GET',
        url: fillPath(ROUTES.chapter.path, { slug: series.slug, chapterSlug: draft.slug }) + (as ? `?as=${as}` : ''),
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      });

    const visitor = await chapter(editor, 'visitor');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('no-store');
    expect(visitor.json().data).toMatchObject({
      canRead: false,
      isPreview: true,
      chapter: { number: 2, access: 'locked', price: 25 },
      previous: { number: 1 },
      next: null,
    });
    expect(visitor.json().data.pages).toHaveLength(1);
    const premium = (await chapter(editor, 'premium')).json().data;
    expect(premium).toMatchObject({ canRead: true, chapter: { access: 'unlocked' } });
    expect(premium.pages).toHaveLength(2);

    // Its comments answer as an empty list under the preview, never a 404 the page would show as an error.
    const comments = (cookie: string | undefined, as?: string) =>
      t.app.inject({
        method: 'GET',
        url: fillPath(ROUTES.chapterComments.path, { chapterId: draft.id }) + (as ? `?as=${as}` : ''),
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      });
    const previewed = await comments(editor, 'visitor');
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json().data).toMatchObject({ items: [], commentCount: 0 });
    expect((await comments(undefined)).statusCode).toBe(404);

    // Nobody else finds it, before or after the preview.
    expect((await chapter(undefined)).statusCode).toBe(404);
    expect((await chapter(await loginAs(t.app, await buildUser(t.db)), 'premium')).statusCode).toBe(404);
  });

  it('shows a previewed visitor the ads the team never sees', async () => {
    const editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
    const ads = async (as?: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: ROUTES.adsConfig.path + (as ? `?as=${as}` : ''),
          headers: { origin: TEST_ORIGIN, cookie: editor },
        })
      ).json();
    expect((await ads()).user_status.isTeamMember).toBe(true);
    expect((await ads('visitor')).user_status).toMatchObject({ isTeamMember: false, isAuthenticated: false });
    expect((await ads('premium')).user_status).toMatchObject({ isTeamMember: false, isPremium: true });
  });
});
