import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN, TEST_PASSWORD, type TestContext } from '../../../../test/helpers';
import { comicInfo, novelEpub, page, writeTree, zip, type Files } from '../../../../test/import-library';
import { eq } from 'drizzle-orm';
import { imports, seriesMembers } from '../../../db/schema';
import { findSeriesBySlug } from '../series';

// Imports from files (issue 37 §1): a folder read by the read side and written by the runner, and
// the Import page's upload through the imports.run job.

let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'inkwell-imports-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const u8 = async (shade: number) => new Uint8Array(await page(shade));

/** A comic of CBZs with and without ComicInfo, a comic of folders of images, and an EPUB novel. */
async function library(): Promise<Files> {
  return {
    'Harbor Lights/Harbor Lights v01 c001.cbz': zip({
      '1.png': await u8(1),
      '2.png': await u8(2),
      'ComicInfo.xml': comicInfo({
        Series: 'Harbor Lights',
        Number: 1,
        Volume: 1,
        Title: 'Landfall',
        Writer: 'Ana Lima',
        Penciller: 'Bo Pen',
        Translator: 'Tia Trans',
        Genre: 'Adventure, Drama',
        Year: 2020,
        Month: 5,
        Day: 3,
      }),
    }),
    'Harbor Lights/Harbor Lights v01 c002.cbz': zip({ 'a.png': await u8(3) }),
    'Night Market/Chapter 1 - Stalls/1.png': await u8(10),
    'Night Market/Chapter 1 - Stalls/2.png': await u8(11),
    'Night Market/Chapter 2/01.png': await u8(12),
    'The Quiet Sea/book.epub': new Uint8Array(await novelEpub()),
  };
}

async function seriesWithSlug(slug: string) {
  const row = await findSeriesBySlug(t.db, slug);
  if (!row) throw new Error(`no series ${slug}`);
  return t.app.services.series.getSeries(row.id);
}

describe('a folder imported from the shell', () => {
  let root: string;
  let first: Awaited<ReturnType<typeof seriesWithSlug>>[];

  it('creates each series with its title, numbers, volumes, credits, genres and cover', async () => {
    root = join(dir, 'library');
    await writeTree(root, await library());
    const result = await t.app.services.imports.importFolder(root, { dryRun: false, publish: false });
    expect(result.counts.failed, JSON.stringify(result.items)).toBe(0);
    expect(result.counts.created).toBe(result.items.length);

    const harbor = await seriesWithSlug('harbor-lights');
    expect(harbor.type).toBe('comic');
    expect(harbor.cover).not.toBeNull();
    expect(harbor.genres.map((genre) => genre.name).sort()).toEqual(['Adventure', 'Drama']);
    expect(harbor.chapters.map((row) => [row.number, row.volume ?? null]).sort()).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const landfall = await t.app.services.chapters.getChapter(harbor.chapters.find((row) => row.number === 1)!.id);
    expect(landfall.title).toBe('Landfall');
    expect(landfall.pages).toHaveLength(2);
    expect(landfall.publishedAt).toBeNull();
    const credits = [...(harbor.credits ?? []), ...(landfall.credits ?? [])].map((credit) => `${credit.role}:${credit.name}`);
    expect(credits).toEqual(expect.arrayContaining(['writer:Ana Lima', 'translator:Tia Trans']));

    const market = await seriesWithSlug('night-market');
    expect(market.chapters.map((row) => row.number).sort()).toEqual([1, 2]);
    expect(market.cover).not.toBeNull();

    const novels = await t.app.services.series.listSeries({ q: 'Quiet Sea', page: 1, perPage: 5 });
    const sea = await t.app.services.series.getSeries(novels.items[0]!.id);
    expect(sea.type).toBe('novel');
    expect(sea.chapters.length).toBeGreaterThanOrEqual(2);
    first = [harbor, market, sea];
  });

  it('changes nothing on a second run, and a changed file updates its chapter alone', async () => {
    t.clock.advance(60_000);
    const again = await t.app.services.imports.importFolder(root, { dryRun: false, publish: false });
    expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    for (const before of first) expect(await t.app.services.series.getSeries(before.id)).toEqual(before);

    await writeFile(
      join(root, 'Harbor Lights/Harbor Lights v01 c002.cbz'),
      zip({ 'a.png': await u8(40), 'b.png': await u8(41) }),
    );
    await writeFile(join(root, 'Harbor Lights/Harbor Lights v01 c003.cbz'), 'this is not a zip');
    const changed = await t.app.services.imports.importFolder(root, { dryRun: false, publish: false });
    expect(changed.items.filter((item) => item.action === 'updated').map((item) => item.path)).toEqual([
      'Harbor Lights/Harbor Lights v01 c002.cbz',
    ]);
    expect(changed.items.filter((item) => item.action === 'failed').map((item) => item.path)).toEqual([
      'Harbor Lights/Harbor Lights v01 c003.cbz',
    ]);
    const harbor = await seriesWithSlug('harbor-lights');
    expect(harbor.chapters.map((row) => row.number).sort()).toEqual([1, 2]);
    expect(harbor.chapters.find((row) => row.number === 2)?.pageCount).toBe(2);
  });

  it('writes nothing on a dry run', async () => {
    await writeTree(root, { 'Brand New/c001.cbz': zip({ '1.png': await u8(60) }) });
    const dry = await t.app.services.imports.importFolder(root, { dryRun: true, publish: false });
    expect(dry.items.filter((item) => item.action === 'created').map((item) => item.path)).toEqual([
      'Brand New',
      'Brand New/c001.cbz',
    ]);
    expect(await findSeriesBySlug(t.db, 'brand-new')).toBeUndefined();
  });
});

/** A multipart body with fields, then one file. */
function multipartBody(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = `----inkwell${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: TEST_ORIGIN },
  };
}

async function upload(cookie: string, fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const body = multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url: ROUTES.teamImportCreate.path,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

const importOf = async (cookie: string, id: string) =>
  t.app.inject({ method: 'GET', url: ROUTES.teamImport.path.replace(':id', id), headers: { cookie, origin: TEST_ORIGIN } });

describe('the Import page’s upload', () => {
  it('imports a .zip of series folders through the job, then forgets the upload', async () => {
    const editor = await buildUser(t.db, { role: 'editor' });
    const cookie = await loginAs(t.app, { username: editor.username, password: TEST_PASSWORD });
    const archive = zip({
      'Upload Saga/c001.cbz': zip({ '1.png': await u8(70), '2.png': await u8(71) }),
      'Upload Saga/c002.cbz': zip({ '1.png': await u8(72) }),
      'Upload Tales/Chapter 1/1.png': await u8(73),
    });
    const response = await upload(cookie, { publish: 'true' }, { name: 'catalogue.zip', data: archive });
    expect(response.statusCode, response.body).toBe(202);
    const queued = response.json().data;
    expect(queued).toMatchObject({ origin: 'upload', source: 'catalogue.zip', status: 'queued', publish: true });

    await t.app.services.jobs.drain();
    const done = (await importOf(cookie, queued.id)).json().data;
    expect(done).toMatchObject({ status: 'done', total: 5, done: 5, created: 5, failed: 0 });
    expect(done.items.map((item: { path: string }) => item.path)).toContain('Upload Saga/c002.cbz');
    const saga = await seriesWithSlug('upload-saga');
    expect(saga.chapters.map((row) => row.state)).toEqual(['published', 'published']);
    expect(await t.app.services.storage.get(`imports/${queued.id}/upload/000000.part`)).toBeNull();

    const list = await t.app.inject({ method: 'GET', url: ROUTES.teamImports.path, headers: { cookie, origin: TEST_ORIGIN } });
    expect(list.json().data[0]).toMatchObject({ id: queued.id, status: 'done' });
    expect(list.json().data[0].items).toBeUndefined();
  });

  it('says a failed item’s reason in the language of whoever asks, with the file it names', async () => {
    const editor = await buildUser(t.db, { role: 'editor' });
    const cookie = await loginAs(t.app, { username: editor.username, password: TEST_PASSWORD });
    const archive = zip({
      'Spoken Saga/c001.cbz': zip({ '1.png': await u8(60) }),
      'Spoken Saga/c002.cbz': Buffer.from('not a zip at all'),
    });
    const response = await upload(cookie, {}, { name: 'spoken.zip', data: archive });
    expect(response.statusCode, response.body).toBe(202);
    await t.app.services.jobs.drain();
    const asked = async (language: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: ROUTES.teamImport.path.replace(':id', response.json().data.id),
          headers: { cookie, origin: TEST_ORIGIN, 'accept-language': language },
        })
      ).json().data;
    const failed = (data: { items: { action: string; reason?: string; values?: object }[] }) =>
      data.items.find((item) => item.action === 'failed');
    expect(failed(await asked('en'))).toMatchObject({
      code: 'apiErrors.imports.archiveBroken',
      values: { name: 'c002.cbz' },
      reason: 'c002.cbz could not be read as a zip archive; it may be damaged',
    });
    expect(failed(await asked('pt-BR'))?.reason).toBe(
      'Não foi possível ler c002.cbz como arquivo zip; ele pode estar danificado',
    );
    expect(failed(await asked('es'))?.reason).toBe('No se pudo leer c002.cbz como archivo zip; puede estar dañado');
  });

  it('gives an upload whose instance died mid-run to another, and ends a shell import that fell silent', async () => {
    const editor = await buildUser(t.db, { role: 'editor' });
    const cookie = await loginAs(t.app, { username: editor.username, password: TEST_PASSWORD });
    const archive = zip({ 'Silent Saga/c001.cbz': zip({ '1.png': await u8(40) }) });
    const response = await upload(cookie, {}, { name: 'silent.zip', data: archive });
    const id = response.json().data.id;
    // An instance took it, then died (no drain, no beat): the row says running, the job is gone.
    await t.db.update(imports).set({ status: 'running', heartbeatAt: t.clock.now() }).where(eq(imports.id, id));
    const [shell] = await t.db
      .insert(imports)
      .values({ origin: 'shell', source: '/srv/library', status: 'running', heartbeatAt: t.clock.now() })
      .returning();
    await t.app.services.jobs.drain();
    expect((await importOf(cookie, id)).json().data.status).toBe('running');

    // Still within its beats: left alone.
    t.clock.advance(60_000);
    expect(await t.app.services.imports.recoverStalled()).toEqual({ requeued: [], failed: [] });
    // Three minutes silent: queued again and done by the job; the shell's ended, saying why.
    t.clock.advance(3 * 60_000);
    expect(await t.app.services.imports.recoverStalled()).toEqual({ requeued: [id], failed: [shell!.id] });
    await t.app.services.jobs.drain();
    expect((await importOf(cookie, id)).json().data).toMatchObject({ status: 'done', created: 2, failed: 0 });
    expect((await importOf(cookie, shell!.id)).json().data).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('run it again'),
    });
  });

  it('refuses a library from a reader, and a single file without a series', async () => {
    const reader = await buildUser(t.db, { role: 'reader' });
    const readerCookie = await loginAs(t.app, { username: reader.username, password: TEST_PASSWORD });
    const refused = await upload(
      readerCookie,
      {},
      { name: 'catalogue.zip', data: zip({ 'A/c1.cbz': zip({ '1.png': await u8(1) }) }) },
    );
    expect(refused.statusCode).toBe(403);

    const editor = await buildUser(t.db, { role: 'editor' });
    const cookie = await loginAs(t.app, { username: editor.username, password: TEST_PASSWORD });
    const single = await upload(cookie, {}, { name: 'c1.cbz', data: zip({ '1.png': await u8(1) }) });
    expect(single.statusCode).toBe(415);
  });

  it('puts one .cbz into an existing series, its chapter a draft', async () => {
    const editor = await buildUser(t.db, { role: 'editor' });
    const cookie = await loginAs(t.app, { username: editor.username, password: TEST_PASSWORD });
    const target = await buildSeries(t, { title: 'Single File Target' });
    const cbz = zip({ '1.png': await u8(80), 'ComicInfo.xml': comicInfo({ Number: 7, Title: 'Seven' }) });
    const response = await upload(cookie, { seriesId: target.id }, { name: 'Whatever c007.cbz', data: cbz });
    expect(response.statusCode, response.body).toBe(202);
    await t.app.services.jobs.drain();
    const done = (await importOf(cookie, response.json().data.id)).json().data;
    expect(done).toMatchObject({ status: 'done', created: 1, seriesId: target.id, seriesTitle: 'Single File Target' });
    const series = await t.app.services.series.getSeries(target.id);
    expect(series.title).toBe('Single File Target');
    expect(series.chapters.map((row) => [row.number, row.title, row.state])).toEqual([[7, 'Seven', 'draft']]);
  });

  it('numbers a file that says no number after the series’ chapters, and knows it again on a second upload', async () => {
    const editor = await buildUser(t.db, { role: 'editor' });
    const cookie = await loginAs(t.app, { username: editor.username, password: TEST_PASSWORD });
    const target = await buildSeries(t, { title: 'Numbered Around' });
    for (const number of [1, 2, 3]) await buildChapter(t, target.id, { number, pages: 1 });
    // No ComicInfo, no number in its name: a guess of 1 would have replaced chapter 1's pages.
    const cbz = zip({ '1.png': await u8(90), '2.png': await u8(91) });
    const run = async () => {
      const response = await upload(cookie, { seriesId: target.id }, { name: 'extra.cbz', data: cbz });
      expect(response.statusCode, response.body).toBe(202);
      await t.app.services.jobs.drain();
      return (await importOf(cookie, response.json().data.id)).json().data;
    };
    expect(await run()).toMatchObject({ status: 'done', created: 1, updated: 0 });
    const numbers = async () => (await t.app.services.series.getSeries(target.id)).chapters.map((row) => row.number).sort();
    expect(await numbers()).toEqual([1, 2, 3, 4]);
    // The same file again is chapter 4, unchanged, though it would now be guessed as 5.
    expect(await run()).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 1 });
    expect(await numbers()).toEqual([1, 2, 3, 4]);
  });

  it('lets a member of a series’ team import one file into it, publishing only when allowed, and shows them only their imports', async () => {
    const editor = await buildUser(t.db, { role: 'editor' });
    const editorCookie = await loginAs(t.app, { username: editor.username, password: TEST_PASSWORD });
    const theirs = await buildSeries(t, { title: 'Translated Here' });
    const other = await buildSeries(t, { title: 'Not Theirs' });
    const translator = await buildUser(t.db, { role: 'reader' });
    // A translator on one series' team, who may not publish (an admin's ADMIN/series/{id}/members does this).
    await t.db
      .insert(seriesMembers)
      .values({ seriesId: theirs.id, userId: translator.id, role: 'translator', canPublish: false });
    const cookie = await loginAs(t.app, { username: translator.username, password: TEST_PASSWORD });
    const cbz = zip({ '1.png': await u8(90), 'ComicInfo.xml': comicInfo({ Number: 3 }) });

    expect((await upload(cookie, { seriesId: other.id }, { name: 'c003.cbz', data: cbz })).statusCode).toBe(403);
    expect((await upload(cookie, { seriesId: theirs.id, publish: 'true' }, { name: 'c003.cbz', data: cbz })).statusCode).toBe(
      403,
    );
    const accepted = await upload(cookie, { seriesId: theirs.id }, { name: 'c003.cbz', data: cbz });
    expect(accepted.statusCode, accepted.body).toBe(202);
    await t.app.services.jobs.drain();
    expect((await t.app.services.series.getSeries(theirs.id)).chapters.map((row) => [row.number, row.state])).toEqual([
      [3, 'draft'],
    ]);

    const elsewhere = await upload(editorCookie, { seriesId: other.id }, { name: 'c001.cbz', data: cbz });
    await t.app.services.jobs.drain();
    const list = await t.app.inject({ method: 'GET', url: ROUTES.teamImports.path, headers: { cookie, origin: TEST_ORIGIN } });
    expect(list.json().data.map((row: { id: string }) => row.id)).toEqual([accepted.json().data.id]);
    expect((await importOf(cookie, elsewhere.json().data.id)).statusCode).toBe(403);
    expect((await importOf(cookie, accepted.json().data.id)).json().data.status).toBe('done');
  });
});
