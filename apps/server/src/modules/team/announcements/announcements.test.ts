import { ANNOUNCEMENT_STATES, ROUTES, fillPath } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../test/factories';
import { multipart, png } from '../../../../test/fixtures';
import { callEndpoint, createTestApp, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { ANNOUNCEMENTS_CACHE_MS } from './announcements.service';

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Inkwell" /><title>Inkwell</title></head><body><div id="root"></div></body></html>`;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const HOUR = 3_600_000;

let t: TestContext;
let editor: string;
let admin: string;
let reader: string;

/** Past the public cache, as a visitor arriving later would be. */
const later = (ms = ANNOUNCEMENTS_CACHE_MS + 1) => t.clock.advance(ms);
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();
const ahead = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

async function create(body: Record<string, unknown>, cookie = editor) {
  const response = await callEndpoint(t, 'teamAnnouncementCreate', {
    cookie,
    body: { body: '<p>Hello.</p>', publishedAt: null, ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: string; slug: string; state: string; body: string; excerpt: string };
}

beforeAll(async () => {
  t = await createTestApp({ indexHtml: INDEX });
  const [e, a, r] = await Promise.all([
    signedInUser(t, { role: 'editor' }),
    signedInUser(t, { role: 'admin' }),
    signedInUser(t, { role: 'reader' }),
  ]);
  [editor, admin, reader] = [e.cookie, a.cookie, r.cookie];
});
afterAll(async () => {
  await t?.close();
});

describe('the team’s announcements', () => {
  it('lets editors and admins create, read, edit and delete; readers and visitors get 403 and 401', async () => {
    const created = await create({ title: 'Summer break', publishedAt: null });
    expect(created).toMatchObject({ slug: 'summer-break', state: 'draft', body: '<p>Hello.</p>', excerpt: 'Hello.' });
    const byAdmin = await create({ title: 'Summer break' }, admin);
    expect(byAdmin.slug).toBe('summer-break-2');

    expect((await callEndpoint(t, 'teamAnnouncement', { cookie: admin, params: { id: created.id } })).body.data.title).toBe(
      'Summer break',
    );
    const edited = await callEndpoint(t, 'teamAnnouncementUpdate', {
      cookie: editor,
      params: { id: created.id },
      body: { title: 'Summer break is over', pinned: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ title: 'Summer break is over', slug: 'summer-break', pinned: true });

    for (const [cookie, status] of [
      [reader, 403],
      [undefined, 401],
    ] as const) {
      expect((await callEndpoint(t, 'teamAnnouncements', { cookie })).status).toBe(status);
      expect(
        (await callEndpoint(t, 'teamAnnouncementCreate', { cookie, body: { title: 'x', body: '', publishedAt: null } })).status,
      ).toBe(status);
      expect((await callEndpoint(t, 'teamAnnouncement', { cookie, params: { id: created.id } })).status).toBe(status);
      expect(
        (await callEndpoint(t, 'teamAnnouncementUpdate', { cookie, params: { id: created.id }, body: { title: 'x' } })).status,
      ).toBe(status);
      expect((await callEndpoint(t, 'teamAnnouncementDelete', { cookie, params: { id: created.id } })).status).toBe(status);
    }

    expect((await callEndpoint(t, 'teamAnnouncementDelete', { cookie: editor, params: { id: byAdmin.id } })).status).toBe(200);
    expect((await callEndpoint(t, 'teamAnnouncement', { cookie: editor, params: { id: byAdmin.id } })).body.error.code).toBe(
      'announcement_not_found',
    );
    expect((await callEndpoint(t, 'teamAnnouncementDelete', { cookie: admin, params: { id: byAdmin.id } })).status).toBe(404);
  });

  it('refuses bad input with the fields named, unknown ids with announcement_not_found, a taken slug with 409', async () => {
    const bad = await callEndpoint(t, 'teamAnnouncementCreate', {
      cookie: editor,
      body: { title: ' ', body: '', publishedAt: 'tomorrow', slug: 'Not A Slug!' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {})).toEqual(expect.arrayContaining(['title', 'publishedAt', 'slug']));
    expect((await callEndpoint(t, 'teamAnnouncementCreate', { cookie: editor, body: { title: 'No body' } })).status).toBe(400);
    expect(
      (await callEndpoint(t, 'teamAnnouncementUpdate', { cookie: editor, params: { id: UNKNOWN_ID }, body: { pinned: true } }))
        .status,
    ).toBe(404);
    expect((await callEndpoint(t, 'teamAnnouncement', { cookie: editor, params: { id: 'not-a-uuid' } })).status).toBe(400);
    expect((await callEndpoint(t, 'teamAnnouncements', { cookie: editor, query: '?state=secret' })).status).toBe(400);

    await create({ title: 'Taken', slug: 'taken-slug' });
    const other = await create({ title: 'Other' });
    const clash = await callEndpoint(t, 'teamAnnouncementCreate', {
      cookie: editor,
      body: { title: 'Again', body: '', publishedAt: null, slug: 'taken-slug' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.fields.slug).toBeTruthy();
    const rename = await callEndpoint(t, 'teamAnnouncementUpdate', {
      cookie: editor,
      params: { id: other.id },
      body: { slug: 'taken-slug' },
    });
    expect(rename.status).toBe(409);
  });

  it('lists with search and state, each with its computed state', async () => {
    await create({ title: 'Filter draft zebra', publishedAt: null });
    await create({ title: 'Filter scheduled zebra', publishedAt: ahead(2 * HOUR) });
    await create({ title: 'Filter published zebra', publishedAt: ago(HOUR) });
    const all = await callEndpoint(t, 'teamAnnouncements', { cookie: editor, query: '?q=zebra' });
    expect(all.status).toBe(200);
    expect(all.body.data.items).toHaveLength(3);
    expect(all.body.data.items[0]).not.toHaveProperty('body');
    for (const state of ANNOUNCEMENT_STATES) {
      const listed = await callEndpoint(t, 'teamAnnouncements', { cookie: admin, query: `?q=zebra&state=${state}` });
      expect(listed.body.data.items.map((item: { title: string; state: string }) => [item.title, item.state])).toEqual([
        [`Filter ${state} zebra`, state],
      ]);
    }
    expect((await callEndpoint(t, 'teamAnnouncements', { cookie: editor, query: '?q=100%25' })).body.data.items).toEqual([]);
  });

  it('takes a cover through the image store, for the team only', async () => {
    const created = await create({ title: 'With a cover', publishedAt: ago(1000) });
    const form = multipart([{ name: 'cover.png', type: 'image/png', data: await png(800, 400) }]);
    const url = fillPath(ROUTES.teamAnnouncementCover.path, { id: created.id });
    const upload = (cookie: string) =>
      t.app.inject({ method: 'PUT', url, headers: { origin: TEST_ORIGIN, cookie, ...form.headers }, payload: form.payload });
    expect((await upload(reader)).statusCode).toBe(403);
    const response = await upload(editor);
    expect(response.statusCode, response.body).toBe(200);
    const cover = response.json().data.cover;
    expect(cover).toMatchObject({ width: 800, height: 400 });
    expect(cover.url).toMatch(/^\/media\/announcements\//);
    const notImage = multipart([{ name: 'x.png', type: 'image/png', data: Buffer.from('not an image') }]);
    const refused = await t.app.inject({
      method: 'PUT',
      url,
      headers: { origin: TEST_ORIGIN, cookie: editor, ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    later();
    expect((await callEndpoint(t, 'announcement', { params: { slug: created.slug } })).body.data.cover).toEqual(cover);
  });
});

describe('no markup survives in an announcement', () => {
  it('keeps headings, lists, links and our own images; drops scripts, handlers, javascript: links and foreign images', async () => {
    const created = await create({
      title: 'Markup',
      body: [
        '<h2 onclick="steal()">News</h2>',
        '<script>alert(1)</script>',
        '<p style="color:red" onmouseover="x()">Read <a href="javascript:alert(1)">this</a> and <a href="https://example.com/x">that</a>.</p>',
        '<ul><li>One</li><li>Two</li></ul>',
        '<img src="/media/announcements/a/b.webp" alt="ours" onerror="x()">',
        '<img src="https://evil.example/track.gif">',
        '<img src="//evil.example/x.gif"><img src="/media/../secret"><img src="javascript:alert(1)">',
        '<iframe src="https://evil.example"></iframe><style>body{}</style>',
        '<svg onload="x()"><circle /></svg><a href="JaVaScRiPt:alert(1)">again</a>',
      ].join(''),
    });
    const { body } = created;
    expect(body).not.toMatch(/<script|<style|<iframe|<svg|\son\w+=|javascript:|evil\.example|style=|\.\.\//i);
    expect(body).toContain('<h2>News</h2>');
    expect(body).toContain('<ul><li>One</li><li>Two</li></ul>');
    expect(body).toContain('<img src="/media/announcements/a/b.webp" alt="ours" />');
    expect(body).toContain('<a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank">that</a>');
    expect(created.excerpt).toBe('News Read this and that. One Two again');

    const patched = await callEndpoint(t, 'teamAnnouncementUpdate', {
      cookie: editor,
      params: { id: created.id },
      body: { body: '<p><a href="javascript:void(0)" onclick="x()">x</a><script>y()</script></p>' },
    });
    expect(patched.body.data.body).toBe('<p><a rel="noopener noreferrer nofollow" target="_blank">x</a></p>');
  });
});

describe('what visitors see', () => {
  it('lists published ones only, pinned first then newest, in pages; a draft or scheduled one is not found until its time', async () => {
    const news = await create({ title: 'Old news', publishedAt: ago(5 * HOUR) });
    const fresh = await create({ title: 'Fresh news', publishedAt: ago(HOUR) });
    const pinned = await create({ title: 'Pinned rules', publishedAt: ago(10 * HOUR), pinned: true });
    const draft = await create({ title: 'Secret draft', publishedAt: null });
    const scheduled = await create({ title: 'Coming soon', publishedAt: ahead(HOUR) });
    later();

    const list = await callEndpoint(t, 'announcements');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toContain('max-age');
    const slugs = list.body.data.items.map((item: { slug: string }) => item.slug);
    expect(slugs[0]).toBe(pinned.slug);
    expect(slugs.indexOf(fresh.slug)).toBeLessThan(slugs.indexOf(news.slug));
    expect(slugs).not.toContain(draft.slug);
    expect(slugs).not.toContain(scheduled.slug);
    expect(list.body.data.items[0]).not.toHaveProperty('body');
    expect(list.body.data.pagination).toMatchObject({ page: 1, perPage: 10 });
    expect((await callEndpoint(t, 'announcements', { query: '?page=0' })).status).toBe(400);
    expect((await callEndpoint(t, 'announcements', { query: '?page=99' })).body.data.items).toEqual([]);

    expect((await callEndpoint(t, 'announcement', { params: { slug: fresh.slug } })).body.data).toMatchObject({
      title: 'Fresh news',
      body: '<p>Hello.</p>',
    });
    for (const slug of [draft.slug, scheduled.slug, 'no-such-thing']) {
      const missing = await callEndpoint(t, 'announcement', { params: { slug } });
      expect(missing.status, slug).toBe(404);
      expect(missing.body.error.code).toBe('announcement_not_found');
    }

    // The scheduled time arrives: visible with nothing else done.
    later(HOUR);
    expect((await callEndpoint(t, 'announcement', { params: { slug: scheduled.slug } })).status).toBe(200);
    expect((await callEndpoint(t, 'announcements')).body.data.items.map((item: { slug: string }) => item.slug)).toContain(
      scheduled.slug,
    );

    // Unpublishing clears the cache at once.
    await callEndpoint(t, 'teamAnnouncementUpdate', { cookie: editor, params: { id: fresh.id }, body: { publishedAt: null } });
    expect((await callEndpoint(t, 'announcement', { params: { slug: fresh.slug } })).status).toBe(404);
  });

  it('serves the page with its title, description and Open Graph tags; 404 for drafts and unknown slugs', async () => {
    const published = await create({
      title: 'Big "launch" <day>',
      body: '<p>Everything &amp; more is here.</p>',
      publishedAt: ago(1000),
    });
    const draft = await create({ title: 'Quiet draft', publishedAt: null });
    later();
    const response = await t.app.inject({ method: 'GET', url: `/announcements/${published.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Big &quot;launch&quot; &lt;day&gt; · Inkwell</title>');
    expect(response.body).toContain('<meta property="og:title" content="Big &quot;launch&quot; &lt;day&gt; · Inkwell" />');
    expect(response.body).toContain('<meta name="description" content="Everything &amp; more is here." />');
    expect(response.body).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/announcements/${published.slug}" />`);
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`<loc>${TEST_ORIGIN}/announcements/${published.slug}</loc>`);
    expect(sitemap).not.toContain(`/announcements/${draft.slug}<`);
    for (const url of [`/announcements/${draft.slug}`, '/announcements/nope']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain('<title>Inkwell</title>');
    }
  });
});
