import { IMAGE_MAX_BYTES } from '@inkwell/contract';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithExif, multipart, pixelBombPng, png } from '../../../../test/fixtures';
import { buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';

let t: TestContext;
let editor: string;
let admin: string;
let reader: string;
const TEAM = '/api/omegascans/secure/team';

beforeAll(async () => {
  t = await createTestApp();
  editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
  admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
  reader = await loginAs(t.app, await buildUser(t.db));
});
afterAll(async () => {
  await t?.close();
});

function upload(url: string, cookie: string, files: Parameters<typeof multipart>[0], method: 'POST' | 'PUT' = 'POST') {
  const body = multipart(files);
  return t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie, ...body.headers }, payload: body.payload });
}

async function newSeries(input: Record<string, unknown> = {}) {
  const response = await callEndpoint(t, 'teamSeriesCreate', {
    cookie: editor,
    body: {
      type: 'comic',
      title: `Series ${Math.random().toString(36).slice(2, 8)}`,
      ...input,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: string; slug: string; chapters: unknown[] };
}
async function newChapter(seriesId: string, input: Record<string, unknown> = {}) {
  const response = await callEndpoint(t, 'teamChapterCreate', {
    cookie: editor,
    params: { id: seriesId },
    body: { number: 1, ...input },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: string; slug: string; pages: { id: string }[] };
}

describe('team catalogue: who may call it', () => {
  it('refuses visitors (401) and readers (403), on reads and writes alike', async () => {
    const form = { title: 'x', type: 'comic' };
    for (const [name, options] of [
      ['teamSeriesList', {}],
      ['teamSeriesCreate', { body: form }],
      ['teamGenres', {}],
      ['teamBannerCreate', { body: form }],
      ['teamSeriesDelete', { params: { id: '00000000-0000-4000-8000-000000000000' } }],
    ] as const) {
      expect((await callEndpoint(t, name, options)).status).toBe(401);
      expect((await callEndpoint(t, name, { ...options, cookie: reader })).status).toBe(403);
    }
  });

  it('lets admins in as well as editors', async () => {
    expect((await callEndpoint(t, 'teamSeriesList', { cookie: admin })).status).toBe(200);
  });
});

describe('series', () => {
  it('creates a series with a unique slug, edits and finds it', async () => {
    const genre = (await callEndpoint(t, 'teamGenreCreate', { cookie: editor, body: { name: 'Fantasy' } })).body.data;
    const first = await newSeries({ title: 'Crown of Ash', genreIds: [genre.id], releaseYear: 2020, status: 'hiatus' });
    const second = await newSeries({ title: 'Crown of Ash' });
    expect(first.slug).toBe('crown-of-ash');
    expect(second.slug).toBe('crown-of-ash-2');
    const edited = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie: editor,
      params: { id: first.id },
      body: {
        description: 'A knight and a princess.',
        isPublished: true,
      },
    });
    expect(edited.body.data).toMatchObject({
      description: 'A knight and a princess.',
      isPublished: true,
      status: 'hiatus',
      releaseYear: 2020,
    });
    expect(edited.body.data.genres.map((g: { name: string }) => g.name)).toEqual(['Fantasy']);
    const list = (await callEndpoint(t, 'teamSeriesList', { cookie: editor, query: '?q=crown' })).body.data;
    expect(list.items.map((s: { slug: string }) => s.slug).sort()).toEqual(['crown-of-ash', 'crown-of-ash-2']);
    expect(list.pagination.total).toBe(2);
    await newChapter(first.id);
    const counted = (await callEndpoint(t, 'teamSeriesList', { cookie: editor, query: '?q=crown' })).body.data.items;
    expect(counted.find((s: { id: string }) => s.id === first.id).chapterCount).toBe(1);
    expect(counted.find((s: { id: string }) => s.id === second.id).chapterCount).toBe(0);
  });

  it('refuses bad input with a message per field, and changes nothing', async () => {
    const before = (await callEndpoint(t, 'teamSeriesList', { cookie: editor })).body.data.pagination.total;
    const response = await callEndpoint(t, 'teamSeriesCreate', {
      cookie: editor,
      body: {
        type: 'manga',
        title: '',
        releaseYear: 1500,
        slug: 'Bad Slug!',
      },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields).sort()).toEqual(['releaseYear', 'slug', 'title', 'type']);
    const unknownGenre = await callEndpoint(t, 'teamSeriesCreate', {
      cookie: editor,
      body: {
        type: 'comic',
        title: 'X',
        genreIds: ['00000000-0000-4000-8000-000000000000'],
      },
    });
    expect(unknownGenre.body.error.fields).toEqual({ genreIds: 'Unknown genre' });
    expect((await callEndpoint(t, 'teamSeriesList', { cookie: editor })).body.data.pagination.total).toBe(before);
  });

  it('refuses a slug another series uses (409)', async () => {
    await newSeries({ title: 'Taken', slug: 'taken' });
    const again = await callEndpoint(t, 'teamSeriesCreate', {
      cookie: editor,
      body: { type: 'novel', title: 'Other', slug: 'taken' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.fields.slug).toMatch(/already uses/);
  });

  it('answers 404 for an unknown series and 400 for a malformed id', async () => {
    expect(
      (await callEndpoint(t, 'teamSeries', { cookie: editor, params: { id: '00000000-0000-4000-8000-000000000000' } })).status,
    ).toBe(404);
    expect((await callEndpoint(t, 'teamSeries', { cookie: editor, params: { id: 'not-a-uuid' } })).status).toBe(400);
  });

  it('deletes a series with its chapters and images', async () => {
    const series = await newSeries();
    const chapter = await newChapter(series.id);
    await upload(`${TEAM}/chapters/${chapter.id}/pages`, editor, [{ name: '1.png', data: await png(50, 80) }]);
    expect((await callEndpoint(t, 'teamSeriesDelete', { cookie: editor, params: { id: series.id } })).status).toBe(200);
    expect((await callEndpoint(t, 'teamChapter', { cookie: editor, params: { id: chapter.id } })).status).toBe(404);
  });
});

describe('covers', () => {
  it('stores a re-encoded cover with its size and no metadata', async () => {
    const series = await newSeries();
    const response = await upload(
      `${TEAM}/series/${series.id}/cover`,
      editor,
      [{ field: 'file', name: 'cover.jpg', type: 'image/jpeg', data: await jpegWithExif(900, 1200) }],
      'PUT',
    );
    expect(response.statusCode, response.body).toBe(200);
    const { cover } = response.json().data;
    expect(cover).toMatchObject({ width: 600, height: 800 });
    expect(cover.url).toMatch(/^\/media\/covers\/.+\.webp$/);
    const image = await t.app.inject({ method: 'GET', url: cover.url });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('refuses an upload that lies about its type (415), an oversized one and a pixel bomb (413)', async () => {
    const series = await newSeries();
    const url = `${TEAM}/series/${series.id}/cover`;
    const script = Buffer.from('<?php system($_GET["c"]); ?>');
    const lie = await upload(url, editor, [{ field: 'file', name: 'cover.png', type: 'image/png', data: script }], 'PUT');
    expect(lie.statusCode).toBe(415);
    expect(lie.json().error.code).toBe('unsupported_media_type');
    const svg = await upload(
      url,
      editor,
      [
        {
          field: 'file',
          name: 'cover.png',
          type: 'image/png',
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        },
      ],
      'PUT',
    );
    expect(svg.statusCode).toBe(415);
    const big = await upload(
      url,
      editor,
      [{ field: 'file', name: 'big.png', data: Buffer.concat([await png(10, 10), Buffer.alloc(IMAGE_MAX_BYTES)]) }],
      'PUT',
    );
    expect(big.statusCode).toBe(413);
    const bomb = await upload(url, editor, [{ field: 'file', name: 'bomb.png', type: 'image/png', data: pixelBombPng() }], 'PUT');
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().error.message).toMatch(/megapixels/);
    const notMultipart = await callEndpoint(t, 'teamSeriesCover', {
      cookie: editor,
      params: { id: series.id },
      body: { file: 'x' },
    });
    expect(notMultipart.status).toBe(415);
    expect((await callEndpoint(t, 'teamSeries', { cookie: editor, params: { id: series.id } })).body.data.cover).toBeNull();
  });
});

describe('chapters and pages', () => {
  it('creates, schedules, prices and edits chapters; refuses a duplicate number and a free date on a free chapter', async () => {
    const series = await newSeries();
    const chapter = await newChapter(series.id, { number: 10.5, title: 'Interlude' });
    expect(chapter).toMatchObject({ slug: 'chapter-10-5', state: 'draft', price: 0 });
    await upload(`${TEAM}/chapters/${chapter.id}/pages`, editor, [{ name: '1.png', data: await png(60, 80) }]);
    const future = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const scheduled = await callEndpoint(t, 'teamChapterUpdate', {
      cookie: editor,
      params: { id: chapter.id },
      body: {
        publishedAt: future,
        price: 25,
        freeAt: future,
      },
    });
    expect(scheduled.body.data).toMatchObject({ state: 'scheduled', price: 25, access: 'scheduled' });
    const renumbered = await callEndpoint(t, 'teamChapterUpdate', {
      cookie: editor,
      params: { id: chapter.id },
      body: { number: 11 },
    });
    expect(renumbered.body.data).toMatchObject({ number: 11, slug: 'chapter-11' });
    await callEndpoint(t, 'teamChapterUpdate', { cookie: editor, params: { id: chapter.id }, body: { number: 10.5 } });
    const duplicate = await callEndpoint(t, 'teamChapterCreate', {
      cookie: editor,
      params: { id: series.id },
      body: { number: 10.5 },
    });
    expect(duplicate.status).toBe(409);
    // The number the editor typed, not the address made from it (issue 21 §1).
    expect(duplicate.body.error.fields).toEqual({ number: 'This series already has a chapter 10.5' });
    const freeDate = await callEndpoint(t, 'teamChapterUpdate', {
      cookie: editor,
      params: { id: chapter.id },
      body: { price: 0 },
    });
    expect(freeDate.status).toBe(400);
    expect(freeDate.body.error.fields).toHaveProperty('freeAt');
    const bad = await callEndpoint(t, 'teamChapterCreate', {
      cookie: editor,
      params: { id: series.id },
      body: {
        number: 1.234,
        price: -1,
        publishedAt: 'tomorrow',
      },
    });
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['number', 'price', 'publishedAt']);
  });

  it('uploads many pages at once in order, reorders and removes them', async () => {
    const series = await newSeries();
    const chapter = await newChapter(series.id);
    const files = await Promise.all(
      [80, 90, 100].map(async (height, i) => ({ name: `${i + 1}.png`, data: await png(60, height) })),
    );
    const uploaded = await upload(`${TEAM}/chapters/${chapter.id}/pages`, editor, files);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const pages = uploaded.json().data.pages as { id: string; height: number; url: string }[];
    expect(pages.map((p) => p.height)).toEqual([80, 90, 100]);
    // The team's thumbnails are signed like every page URL, and they load.
    expect(pages[0]!.url).toMatch(/\?exp=\d+&sig=/);
    const thumbnail = await t.app.inject({ method: 'GET', url: pages[0]!.url });
    expect(thumbnail.statusCode).toBe(200);
    const listed = (await callEndpoint(t, 'teamSeries', { cookie: editor, params: { id: series.id } })).body.data.chapters;
    expect(listed.map((c: { pageCount: number }) => c.pageCount)).toEqual([3]);

    const reversed = [...pages].reverse().map((p) => p.id);
    const reordered = await callEndpoint(t, 'teamChapterPageOrder', {
      cookie: editor,
      params: { id: chapter.id },
      body: { pageIds: reversed },
    });
    expect(reordered.body.data.pages.map((p: { height: number }) => p.height)).toEqual([100, 90, 80]);
    const partial = await callEndpoint(t, 'teamChapterPageOrder', {
      cookie: editor,
      params: { id: chapter.id },
      body: { pageIds: reversed.slice(1) },
    });
    expect(partial.status).toBe(400);

    const removed = await callEndpoint(t, 'teamChapterPageDelete', {
      cookie: editor,
      params: { id: chapter.id, pageId: pages[1]!.id },
    });
    expect(removed.body.data.pages.map((p: { height: number }) => p.height)).toEqual([100, 80]);
    expect(
      (await callEndpoint(t, 'teamChapterPageDelete', { cookie: editor, params: { id: chapter.id, pageId: pages[1]!.id } }))
        .status,
    ).toBe(404);
  });

  it('keeps nothing when one file of a batch is bad', async () => {
    const series = await newSeries();
    const chapter = await newChapter(series.id);
    const response = await upload(`${TEAM}/chapters/${chapter.id}/pages`, editor, [
      { name: '1.png', data: await png(60, 80) },
      { name: '2.png', data: Buffer.from('not an image at all, honestly') },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toContain('2.png');
    expect((await callEndpoint(t, 'teamChapter', { cookie: editor, params: { id: chapter.id } })).body.data.pages).toEqual([]);
  });

  it('imports a whole chapter from a .cbz in natural order, and refuses an archive with a path escape', async () => {
    const series = await newSeries();
    const chapter = await newChapter(series.id);
    const page = async (height: number) => new Uint8Array(await png(40, height));
    const cbz = Buffer.from(
      zipSync({
        'ch/10.png': await page(110),
        'ch/2.png': await page(102),
        'ch/1.png': await page(101),
        'ComicInfo.xml': new Uint8Array([60]),
      }),
    );
    const imported = await upload(`${TEAM}/chapters/${chapter.id}/archive`, editor, [
      { field: 'file', name: 'chapter.cbz', data: cbz },
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().message).toBe('3 pages imported');
    expect(imported.json().data.pages.map((p: { height: number }) => p.height)).toEqual([101, 102, 110]);

    const evil = Buffer.from(zipSync({ '1.png': await page(50), '../../../etc/cron.d/evil.png': await page(50) }));
    const refused = await upload(`${TEAM}/chapters/${chapter.id}/archive`, editor, [
      { field: 'file', name: 'evil.zip', data: evil },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/unsafe path/);
    expect((await callEndpoint(t, 'teamChapter', { cookie: editor, params: { id: chapter.id } })).body.data.pages).toHaveLength(
      3,
    );
  });

  it('sanitizes novel text on the server', async () => {
    const novel = await newSeries({ type: 'novel' });
    const chapter = await newChapter(novel.id, {
      content:
        '<p onclick="x()">Hello <a href="javascript:alert(1)">there</a> <a href="https://example.com">friend</a></p><iframe src="https://evil"></iframe>',
    });
    const { content } = (await callEndpoint(t, 'teamChapter', { cookie: editor, params: { id: chapter.id } })).body.data;
    expect(content).toBe(
      '<p>Hello <a rel="noopener noreferrer nofollow" target="_blank">there</a> <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">friend</a></p>',
    );
    const comic = await newSeries();
    const refused = await callEndpoint(t, 'teamChapterCreate', {
      cookie: editor,
      params: { id: comic.id },
      body: { number: 1, content: '<p>x</p>' },
    });
    expect(refused.body.error.fields).toEqual({ content: 'Only novel chapters have text' });
  });

  it('publishes or schedules a chapter only with something to read, and keeps the last page of one that is out or due (issue 33 §5)', async () => {
    const comic = await newSeries();
    const now = new Date(t.clock.now().getTime() - 1000).toISOString();
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    for (const publishedAt of [now, later]) {
      const refused = await callEndpoint(t, 'teamChapterCreate', {
        cookie: editor,
        params: { id: comic.id },
        body: { number: 1, publishedAt },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields.publishedAt).toMatch(/at least one page/);
    }
    const chapter = await newChapter(comic.id);
    const empty = await callEndpoint(t, 'teamChapterUpdate', {
      cookie: editor,
      params: { id: chapter.id },
      body: { publishedAt: later },
    });
    expect(empty.body.error.fields).toEqual({ publishedAt: expect.stringMatching(/at least one page/) });
    const pages = (
      await upload(`${TEAM}/chapters/${chapter.id}/pages`, editor, [{ name: '1.png', data: await png(60, 80) }])
    ).json().data.pages as { id: string }[];
    const scheduled = await callEndpoint(t, 'teamChapterUpdate', {
      cookie: editor,
      params: { id: chapter.id },
      body: { publishedAt: later },
    });
    expect(scheduled.body.data).toMatchObject({ state: 'scheduled' });
    // Its one page cannot go before the release: it would come out empty.
    const lastPage = await callEndpoint(t, 'teamChapterPageDelete', {
      cookie: editor,
      params: { id: chapter.id, pageId: pages[0]!.id },
    });
    expect(lastPage.status).toBe(400);
    expect(lastPage.body.error.fields.pages).toMatch(/scheduled chapter keeps at least one page/);
    await callEndpoint(t, 'teamChapterUpdate', { cookie: editor, params: { id: chapter.id }, body: { publishedAt: null } });
    expect(
      (await callEndpoint(t, 'teamChapterPageDelete', { cookie: editor, params: { id: chapter.id, pageId: pages[0]!.id } }))
        .status,
    ).toBe(200);

    const novel = await newSeries({ type: 'novel' });
    const blank = await callEndpoint(t, 'teamChapterCreate', {
      cookie: editor,
      params: { id: novel.id },
      body: {
        number: 1,
        publishedAt: now,
        content: '<p> </p><p><br></p>',
      },
    });
    expect(blank.body.error.fields).toEqual({ content: expect.stringMatching(/text before publishing/) });
    const written = await newChapter(novel.id, { publishedAt: now, content: '<p>Dawn.</p>' });
    const emptied = await callEndpoint(t, 'teamChapterUpdate', {
      cookie: editor,
      params: { id: written.id },
      body: { content: '' },
    });
    expect(emptied.body.error.fields).toHaveProperty('content');
  });

  it('gives a new priced chapter one preview page and a new series a pass that skips the newest chapter, unless said (issue 33 §6)', async () => {
    const series = await newSeries();
    expect(
      (await callEndpoint(t, 'teamSeries', { cookie: editor, params: { id: series.id } })).body.data.waitPassExcludesNewest,
    ).toBe(1);
    expect((await newChapter(series.id, { number: 1, price: 30 })) as unknown).toMatchObject({ previewPages: 1 });
    expect((await newChapter(series.id, { number: 2, price: 0 })) as unknown).toMatchObject({ previewPages: 0 });
    expect((await newChapter(series.id, { number: 3, price: 30, previewPages: 0 })) as unknown).toMatchObject({
      previewPages: 0,
    });
    const novel = await newSeries({ type: 'novel' });
    expect((await newChapter(novel.id, { number: 1, price: 30 })) as unknown).toMatchObject({ previewPercent: 10 });
  });

  it('deletes a chapter', async () => {
    const series = await newSeries();
    const chapter = await newChapter(series.id);
    expect((await callEndpoint(t, 'teamChapterDelete', { cookie: editor, params: { id: chapter.id } })).status).toBe(200);
    expect((await callEndpoint(t, 'teamChapterDelete', { cookie: editor, params: { id: chapter.id } })).status).toBe(404);
  });
});

describe('genres and banners', () => {
  it('adds, renames and deletes genres; refuses duplicates whatever their case', async () => {
    const created = await callEndpoint(t, 'teamGenreCreate', { cookie: editor, body: { name: 'Slice of Life' } });
    expect(created.body.data).toMatchObject({ name: 'Slice of Life', slug: 'slice-of-life' });
    expect((await callEndpoint(t, 'teamGenreCreate', { cookie: editor, body: { name: 'slice of life' } })).status).toBe(409);
    expect((await callEndpoint(t, 'teamGenreCreate', { cookie: editor, body: { name: '  ' } })).body.error.fields).toHaveProperty(
      'name',
    );
    const renamed = await callEndpoint(t, 'teamGenreUpdate', {
      cookie: editor,
      params: { id: created.body.data.id },
      body: { name: 'Everyday' },
    });
    expect(renamed.body.data.slug).toBe('everyday');
    expect((await callEndpoint(t, 'teamGenreDelete', { cookie: editor, params: { id: created.body.data.id } })).status).toBe(200);
  });

  it('creates a banner, gives it an image, edits and deletes it', async () => {
    const created = await callEndpoint(t, 'teamBannerCreate', {
      cookie: editor,
      body: { title: 'Summer event', link: '/premium', position: 2 },
    });
    expect(created.status).toBe(201);
    const { id } = created.body.data;
    const image = await upload(
      `${TEAM}/banners/${id}/image`,
      editor,
      [{ field: 'file', name: 'b.png', data: await png(2000, 600) }],
      'PUT',
    );
    expect(image.json().data.image).toMatchObject({ width: 1600, height: 480 });
    const edited = await callEndpoint(t, 'teamBannerUpdate', { cookie: editor, params: { id: id }, body: { isActive: false } });
    expect(edited.body.data.isActive).toBe(false);
    const bad = await callEndpoint(t, 'teamBannerCreate', {
      cookie: editor,
      body: {
        title: 'x',
        link: 'javascript:alert(1)',
        startsAt: '2026-02-01T00:00:00Z',
        endsAt: '2026-01-01T00:00:00Z',
      },
    });
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['endsAt', 'link']);
    expect((await callEndpoint(t, 'teamBannerDelete', { cookie: editor, params: { id: id } })).status).toBe(200);
    expect((await callEndpoint(t, 'teamBanners', { cookie: editor })).body.data.some((b: { id: string }) => b.id === id)).toBe(
      false,
    );
  });

  it("serves a banner at narrower widths too, for the home page's srcset, and forgets them with it (issue 40)", async () => {
    const created = await callEndpoint(t, 'teamBannerCreate', { cookie: editor, body: { title: 'Wide art', link: '' } });
    const { id } = created.body.data;
    await upload(`${TEAM}/banners/${id}/image`, editor, [{ field: 'file', name: 'b.png', data: await png(2000, 600) }], 'PUT');
    const banner = (await callEndpoint(t, 'home')).body.data.banners.find((b: { id: string }) => b.id === id);
    const url: string = banner.image.url;
    expect(banner.image).toMatchObject({ width: 1600, height: 480 });
    expect(banner.image.srcSet).toBe(`${url}?w=640 640w, ${url}?w=960 960w, ${url}?w=1280 1280w, ${url} 1600w`);

    const key = url.slice('/media/'.length);
    for (const width of [640, 960, 1280]) {
      const served = await t.app.inject({ method: 'GET', url: `${url}?w=${width}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height: (width * 480) / 1600 });
      // Made on the first request and kept beside the banner.
      expect(await t.app.services.storage.get(key.replace(/\.webp$/, `.w${width}.webp`))).not.toBeNull();
    }
    // Only the banner's own widths are made: any other is no image.
    expect((await t.app.inject({ method: 'GET', url: `${url}?w=123` })).statusCode).toBe(404);

    await callEndpoint(t, 'teamBannerDelete', { cookie: editor, params: { id } });
    for (const width of [640, 960, 1280]) {
      expect((await t.app.inject({ method: 'GET', url: `${url}?w=${width}` })).statusCode).toBe(404);
      expect(await t.app.services.storage.get(key.replace(/\.webp$/, `.w${width}.webp`))).toBeNull();
    }
  });
});
