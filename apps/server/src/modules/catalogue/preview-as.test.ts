import { ROUTES, fillPath } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../test/helpers';

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
