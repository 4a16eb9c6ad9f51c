import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../../../../test/fixtures';
import { buildChapter, buildSeries, buildUser } from '../../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../../test/helpers';

// The team's editions of a series and translations of its chapters (issue 35 §2).

let t: TestContext;
let editor: string;
let reader: string;

beforeAll(async () => {
  t = await createTestApp();
  editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
  reader = await loginAs(t.app, await buildUser(t.db));
});
afterAll(async () => {
  await t?.close();
});

/** A pages upload with a `language` field before the images, as the dashboard sends a translation's pages. */
async function uploadPages(chapterId: string, language: string | null, count: number) {
  const boundary = `----edition${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (language !== null) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\n${language}\r\n`));
  }
  for (let i = 0; i < count; i += 1) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await png(80, 120 + i),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/omegascans/secure/team/chapters/${chapterId}/pages`,
    headers: { origin: TEST_ORIGIN, cookie: editor, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  return { status: response.statusCode, body: response.json() };
}

const editions = async (seriesId: string) =>
  (await callEndpoint(t, 'teamSeriesEditions', { cookie: editor, params: { id: seriesId } })).body.data.items as {
    language: string;
    title: string;
    isOriginal: boolean;
    chapterCount: number;
    missingChapterNumbers: number[];
  }[];

describe('a series’ editions (TEAM/series/{id}/editions)', () => {
  it('adds, lists (the original first, with the chapters each lacks), renames and removes an edition', async () => {
    const novel = await buildSeries(t, { type: 'novel', title: 'The Salt Road' });
    const first = await buildChapter(t, novel.id, { number: 1 });
    await buildChapter(t, novel.id, { number: 2 });

    const created = await callEndpoint(t, 'teamSeriesEditionCreate', {
      cookie: editor,
      params: { id: novel.id },
      body: { language: 'pt-br', title: 'A Estrada de Sal', description: 'Uma viagem pelo deserto.' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The tag comes back in its canonical spelling.
    expect(created.body.data).toMatchObject({
      language: 'pt-BR',
      isOriginal: false,
      chapterCount: 0,
      missingChapterNumbers: [1, 2],
    });

    const put = await callEndpoint(t, 'teamChapterEditionPut', {
      cookie: editor,
      params: { id: first.id, language: 'pt-BR' },
      body: { title: 'O poço', content: '<p>A água era pouca.</p><script>alert(1)</script>' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const translation = put.body.data.editions.find((edition: { language: string }) => edition.language === 'pt-BR');
    // Sanitized as a chapter's text is.
    expect(translation).toMatchObject({ title: 'O poço', content: '<p>A água era pouca.</p>' });
    expect(put.body.data.language).toBe('en');

    expect(await editions(novel.id)).toEqual([
      expect.objectContaining({
        language: 'en',
        title: 'The Salt Road',
        isOriginal: true,
        chapterCount: 2,
        missingChapterNumbers: [],
      }),
      expect.objectContaining({ language: 'pt-BR', title: 'A Estrada de Sal', chapterCount: 1, missingChapterNumbers: [2] }),
    ]);

    const renamed = await callEndpoint(t, 'teamSeriesEditionUpdate', {
      cookie: editor,
      params: { id: novel.id, language: 'pt-BR' },
      body: { title: 'A Rota do Sal' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ title: 'A Rota do Sal', description: 'Uma viagem pelo deserto.' });

    const removed = await callEndpoint(t, 'teamSeriesEditionDelete', {
      cookie: editor,
      params: { id: novel.id, language: 'pt-BR' },
    });
    expect(removed.status).toBe(200);
    expect((await editions(novel.id)).map((edition) => edition.language)).toEqual(['en']);
    // Its chapter translations went with it.
    const chapter = await callEndpoint(t, 'teamChapter', { cookie: editor, params: { id: first.id } });
    expect(chapter.body.data.editions).toEqual([]);
  });

  it('refuses a second edition in one language, the original’s language, a bad tag and an empty title', async () => {
    const series = await buildSeries(t, { title: 'Iron Tide' });
    const add = (body: Record<string, unknown>) =>
      callEndpoint(t, 'teamSeriesEditionCreate', { cookie: editor, params: { id: series.id }, body });
    expect((await add({ language: 'es', title: 'Marea de Hierro' })).status).toBe(201);
    const twice = await add({ language: 'ES', title: 'Otra' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('conflict');
    expect(Object.keys(twice.body.error.fields)).toEqual(['language']);
    expect((await add({ language: 'en', title: 'Iron Tide again' })).status).toBe(409);
    const badTag = await add({ language: 'not a language', title: 'X' });
    expect(badTag.status).toBe(400);
    expect(Object.keys(badTag.body.error.fields)).toEqual(['language']);
    expect((await add({ language: 'ko', title: '   ' })).status).toBe(400);
    const missing = await callEndpoint(t, 'teamSeriesEditionUpdate', {
      cookie: editor,
      params: { id: series.id, language: 'ko' },
      body: { title: 'Nothing here' },
    });
    expect(missing.status).toBe(404);
    expect(
      (await callEndpoint(t, 'teamSeriesEditions', { cookie: editor, params: { id: '00000000-0000-4000-8000-000000000000' } }))
        .status,
    ).toBe(404);
  });

  it('keeps the original’s language off the languages of its editions, which could no longer be read', async () => {
    const series = await buildSeries(t, { title: 'Salt Road' });
    await callEndpoint(t, 'teamSeriesEditionCreate', {
      cookie: editor,
      params: { id: series.id },
      body: { language: 'es', title: 'Camino de Sal' },
    });
    const edit = (originalLanguage: string) =>
      callEndpoint(t, 'teamSeriesUpdate', { cookie: editor, params: { id: series.id }, body: { originalLanguage } });
    const refused = await edit('es');
    expect(refused.status).toBe(409);
    expect(refused.body.error.reason).toBe('apiErrors.editions.originalHasEdition');
    expect(Object.keys(refused.body.error.fields)).toEqual(['originalLanguage']);
    expect((await editions(series.id)).map((edition) => edition.language)).toEqual(['en', 'es']);
    expect((await edit('ko')).status).toBe(200);
    expect((await editions(series.id)).map((edition) => edition.language)).toEqual(['ko', 'es']);
  });

  it('is the team’s: a visitor is asked to sign in and a reader is refused', async () => {
    const series = await buildSeries(t);
    expect((await callEndpoint(t, 'teamSeriesEditions', { params: { id: series.id } })).status).toBe(401);
    const asReader = await callEndpoint(t, 'teamSeriesEditionCreate', {
      cookie: reader,
      params: { id: series.id },
      body: { language: 'es', title: 'No' },
    });
    expect(asReader.status).toBe(403);
  });
});

describe('a chapter’s translations', () => {
  it('takes a comic’s translated pages through the pages upload with a language field, apart from the original’s', async () => {
    const comic = await buildSeries(t, { title: 'Lantern Bay' });
    const chapter = await buildChapter(t, comic.id, { number: 3, pages: 2 });
    await callEndpoint(t, 'teamSeriesEditionCreate', {
      cookie: editor,
      params: { id: comic.id },
      body: { language: 'es', title: 'Bahía Linterna' },
    });
    // Not an edition of this series yet: refused.
    expect((await uploadPages(chapter.id, 'ko', 1)).status).toBe(404);
    expect((await uploadPages(chapter.id, '???', 1)).status).toBe(400);

    const added = await uploadPages(chapter.id, 'es', 3);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.pages).toHaveLength(2);
    const spanish = added.body.data.editions.find((edition: { language: string }) => edition.language === 'es');
    expect(spanish.pages).toHaveLength(3);
    expect((await editions(comic.id))[1]).toMatchObject({ language: 'es', chapterCount: 1, missingChapterNumbers: [] });

    // The translation's pages are put in order among themselves, and its last page may go.
    const order = [...spanish.pages].reverse().map((page: { id: string }) => page.id);
    const reordered = await callEndpoint(t, 'teamChapterPageOrder', {
      cookie: editor,
      params: { id: chapter.id },
      body: { pageIds: order },
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.data.editions[0].pages.map((page: { id: string }) => page.id)).toEqual(order);
    expect(reordered.body.data.pages).toHaveLength(2);

    // A comic's translation has no text.
    const text = await callEndpoint(t, 'teamChapterEditionPut', {
      cookie: editor,
      params: { id: chapter.id, language: 'es' },
      body: { title: 'La bahía', content: '<p>Hola</p>' },
    });
    expect(text.status).toBe(400);
    const titled = await callEndpoint(t, 'teamChapterEditionPut', {
      cookie: editor,
      params: { id: chapter.id, language: 'es' },
      body: { title: 'La bahía' },
    });
    expect(titled.body.data.editions[0]).toMatchObject({ title: 'La bahía' });
    expect(titled.body.data.editions[0].pages).toHaveLength(3);

    const removed = await callEndpoint(t, 'teamChapterEditionDelete', {
      cookie: editor,
      params: { id: chapter.id, language: 'es' },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.editions).toEqual([]);
    expect(removed.body.data.pages).toHaveLength(2);
    expect(
      (await callEndpoint(t, 'teamChapterEditionDelete', { cookie: editor, params: { id: chapter.id, language: 'es' } })).status,
    ).toBe(404);
  });

  it('is refused in a language the series has no edition in', async () => {
    const novel = await buildSeries(t, { type: 'novel' });
    const chapter = await buildChapter(t, novel.id, { number: 1 });
    const put = await callEndpoint(t, 'teamChapterEditionPut', {
      cookie: editor,
      params: { id: chapter.id, language: 'fr' },
      body: { title: 'Le puits', content: '<p>Peu d’eau.</p>' },
    });
    expect(put.status).toBe(404);
    expect(put.body.error.code).toBe('not_found');
  });
});
