import { unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { seedDemoStore } from '../../../demo/seed-store';
import { findFileByPartialMd5 } from './queries/chapter-files';
import { partialMd5 } from './partial-md5';

let t: TestContext;
let comic: { id: string; slug: string; title: string };
let novel: { id: string; slug: string; title: string };
let freeComic: { id: string };
let freeNovel: { id: string };
let lockedComic: { id: string };
let lockedNovel: { id: string };
let reader: { username: string; cookie: string; key: string; keyId: string };

const basic = (username: string, secret: string) => `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}`;
type Who = { key?: { username: string; key: string }; cookie?: string };
const download = (path: string, who: Who = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/download/chapters/${path}`,
    headers: {
      ...(who.key ? { authorization: basic(who.key.username, who.key.key) } : {}),
      ...(who.cookie ? { cookie: who.cookie } : {}),
    },
  });
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function readerWithKey() {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = (await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'KOReader' } })).body.data;
  return { username: user.username, cookie, key: made.key as string, keyId: made.id as string };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
  comic = await buildSeries(t, { title: 'Download Lanterns', author: 'Ada Quill', artist: 'Bo Ink' });
  novel = await buildSeries(t, { type: 'novel', title: 'Download Letters', author: 'Ada Quill' });
  freeComic = await buildChapter(t, comic.id, { number: 1, title: 'Harbour', pages: 3 });
  lockedComic = await buildChapter(t, comic.id, { number: 2, price: 30, pages: 2 });
  freeNovel = await buildChapter(t, novel.id, { number: 1, content: '<p>First.</p><p>Second.</p>' });
  lockedNovel = await buildChapter(t, novel.id, { number: 2, price: 20, content: '<p>Secret one.</p><p>Secret two.</p>' });
  reader = await readerWithKey();
});
afterAll(async () => {
  await t?.close();
});

describe('chapter files (issue 19 §4)', () => {
  it('downloads a comic chapter as a CBZ of JPEG pages with ComicInfo.xml, the same bytes every time', async () => {
    const first = await download(`${freeComic.id}.cbz`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/vnd.comicbook+zip');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="${comic.slug}-1.cbz"`);
    const files = unzipSync(first.rawPayload);
    expect(Object.keys(files)).toEqual(['001.jpg', '002.jpg', '003.jpg', 'ComicInfo.xml']);
    expect([...files['001.jpg']!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const info = new JSDOM(Buffer.from(files['ComicInfo.xml']!).toString(), { contentType: 'application/xml' }).window.document;
    expect(info.getElementsByTagName('Series')[0]!.textContent).toBe('Download Lanterns');
    expect(info.getElementsByTagName('PageCount')[0]!.textContent).toBe('3');
    expect(info.getElementsByTagName('Penciller')[0]!.textContent).toBe('Bo Ink');

    const again = await download(`${freeComic.id}.cbz`, { key: reader });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // Its KOReader id is kept beside it, and names the file.
    const id = partialMd5(first.rawPayload);
    expect(first.headers['x-koreader-document']).toBe(id);
    expect((await findFileByPartialMd5(t.db, id))?.chapterId).toBe(freeComic.id);
    // A device that has it already is told so.
    const etag = first.headers.etag as string;
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/download/chapters/${freeComic.id}.cbz`,
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('downloads a novel chapter as EPUB, and a new file once its text changes while the old one still maps', async () => {
    const first = await download(`${freeNovel.id}.epub`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/epub+zip');
    const chapter = Buffer.from(unzipSync(first.rawPayload)['OEBPS/chapter.xhtml']!).toString();
    expect(chapter).toContain('<p id="p-1">First.</p>');
    expect(chapter).toContain('<p id="p-2">Second.</p>');
    expect((await download(`${freeNovel.id}.epub`)).rawPayload.equals(first.rawPayload)).toBe(true);

    await t.app.services.chapters.updateChapter(freeNovel.id, { content: '<p>First, edited.</p><p>Second.</p>' });
    const edited = await download(`${freeNovel.id}.epub`);
    expect(edited.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(Buffer.from(unzipSync(edited.rawPayload)['OEBPS/chapter.xhtml']!).toString()).toContain('First, edited.');
    // The copy already on a device still finds its chapter.
    expect((await findFileByPartialMd5(t.db, partialMd5(first.rawPayload)))?.chapterId).toBe(freeNovel.id);
  });

  it('answers 404 for a format the chapter has not and for what is no chapter', async () => {
    expect((await download(`${freeComic.id}.epub`)).statusCode).toBe(404);
    expect((await download(`${freeNovel.id}.cbz`)).statusCode).toBe(404);
    expect((await download('00000000-0000-4000-8000-000000000000.cbz')).statusCode).toBe(404);
    expect((await download(`${freeComic.id}.zip`)).statusCode).toBe(404);
  });

  it('refuses a wrong key with the Basic challenge', async () => {
    const answer = await download(`${freeComic.id}.cbz`, { key: { username: reader.username, key: `${reader.key}x` } });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Basic realm="Inkwell", charset="UTF-8"');
  });

  it('answers 402 and no byte of a locked chapter to a visitor, a reader without the unlock and a revoked key, and the file after the unlock', async () => {
    const revoked = await readerWithKey();
    await callEndpoint(t, 'deviceKeyRevoke', { cookie: revoked.cookie, params: { id: revoked.keyId } });
    for (const [path, secret] of [
      [`${lockedComic.id}.cbz`, null],
      [`${lockedNovel.id}.epub`, 'Secret'],
    ] as const) {
      for (const who of [{}, { key: reader }, { cookie: reader.cookie }] satisfies Who[]) {
        const answer = await download(path, who);
        expect(answer.statusCode, path).toBe(402);
        expect(answer.json().error.code).toBe('chapter_locked');
        expect(answer.rawPayload.includes(ZIP_SIGNATURE)).toBe(false);
        if (secret) expect(answer.body).not.toContain(secret);
      }
      expect((await download(path, { key: revoked })).statusCode).toBe(401);
    }

    const packages = (await callEndpoint(t, 'coinPackages')).body.data.items as { id: string }[];
    const started = await callEndpoint(t, 'checkout', {
      cookie: reader.cookie,
      body: { kind: 'coins', packageId: packages[0]!.id },
    });
    await callEndpoint(t, 'testCheckoutComplete', {
      cookie: reader.cookie,
      params: { purchaseId: started.body.data.purchaseId },
    });
    for (const chapterId of [lockedComic.id, lockedNovel.id]) {
      expect((await callEndpoint(t, 'unlockChapter', { cookie: reader.cookie, params: { chapterId } })).status).toBe(200);
    }
    const byKey = await download(`${lockedNovel.id}.epub`, { key: reader });
    expect(byKey.statusCode).toBe(200);
    expect(Buffer.from(unzipSync(byKey.rawPayload)['OEBPS/chapter.xhtml']!).toString()).toContain('Secret two.');
    expect((await download(`${lockedComic.id}.cbz`, { cookie: reader.cookie })).statusCode).toBe(200);
    // Still locked for anyone else.
    expect((await download(`${lockedComic.id}.cbz`)).statusCode).toBe(402);
  });
});
