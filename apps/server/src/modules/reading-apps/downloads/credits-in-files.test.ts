import { unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries } from '../../../../test/factories';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { seedDemoStore } from '../../../demo/seed-store';

// Issue 37 §2: the reading apps and the files name who made a chapter (its credits as readers see
// them: its own, its series' for the other roles) and its volume; a manga reads right to left.

let t: TestContext;
let comic: { id: string; slug: string; title: string };
let novel: { id: string; slug: string; title: string };
let harbour: { id: string };
let letter: { id: string };

const get = (url: string) => t.app.inject({ method: 'GET', url });
const xml = (text: string) => new JSDOM(text, { contentType: 'application/xml' }).window.document;
const fileOf = async (path: string, name: string) => {
  const answer = await get(`/download/chapters/${path}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return { bytes: answer.rawPayload, doc: xml(Buffer.from(unzipSync(answer.rawPayload)[name]!).toString()) };
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
  comic = await buildSeries(t, {
    title: 'Credited Lanterns',
    readingDirection: 'rtl',
    credits: [
      { role: 'writer', name: 'Ada Quill' },
      { role: 'artist', name: 'Bo Ink' },
      { role: 'translator', name: 'Tess' },
    ],
  });
  harbour = await buildChapter(t, comic.id, {
    number: 1,
    title: 'Harbour',
    volume: 2,
    pages: 2,
    credits: [
      { role: 'translator', name: 'Uma' },
      { role: 'letterer', name: 'Lee' },
    ],
  });
  novel = await buildSeries(t, {
    type: 'novel',
    title: 'Credited Letters',
    credits: [
      { role: 'writer', name: 'Ada Quill' },
      { role: 'translator', name: 'Tess' },
    ],
  });
  letter = await buildChapter(t, novel.id, { number: 1, volume: 1, content: '<p>A letter.</p>' });
});
afterAll(async () => {
  await t?.close();
});

describe('OPDS 1.2', () => {
  it('names the volume in the title, the writers as authors and everyone else as contributors with their role', async () => {
    const answer = await get(`/opds/v1.2/series/${comic.slug}`);
    expect(answer.statusCode).toBe(200);
    const entry = xml(answer.body).getElementsByTagName('entry')[0]!;
    expect(entry.getElementsByTagName('title')[0]!.textContent).toBe('Vol. 2 · Chapter 1: Harbour');
    const names = (tag: string) =>
      [...entry.getElementsByTagName(tag)].map((person) => [
        person.getElementsByTagName('name')[0]!.textContent,
        person.getAttributeNS('urn:inkwell:feeds:1', 'role'),
      ]);
    expect(names('author')).toEqual([['Ada Quill', null]]);
    expect(names('contributor')).toEqual([
      ['Bo Ink', 'artist'],
      ['Uma', 'translator'],
      ['Lee', 'letterer'],
    ]);
  });
});

describe('OPDS 2', () => {
  it('names each role under its field and the volume as a collection; a manga’s manifest reads right to left', async () => {
    const feed = (await get(`/opds/v2/series/${comic.slug}`)).json();
    const { metadata } = feed.publications[0];
    expect(metadata.title).toBe('Vol. 2 · Chapter 1: Harbour');
    expect(metadata.author).toEqual([{ name: 'Ada Quill' }]);
    expect(metadata.artist).toEqual([{ name: 'Bo Ink' }]);
    expect(metadata.translator).toEqual([{ name: 'Uma' }]);
    expect(metadata.letterer).toEqual([{ name: 'Lee' }]);
    expect(metadata.editor).toBeUndefined();
    expect(metadata.belongsTo.collection).toEqual({ name: 'Credited Lanterns, Vol. 2', position: 2 });
    expect(metadata.belongsTo.series.position).toBe(1);
    const manifest = (await get(`/opds/v2/chapters/${harbour.id}/manifest.json`)).json();
    expect(manifest.metadata.readingProgression).toBe('rtl');
    const novelFeed = (await get(`/opds/v2/series/${novel.slug}`)).json();
    expect(novelFeed.publications[0].metadata.translator).toEqual([{ name: 'Tess' }]);
  });
});

describe('files', () => {
  it('write the credits, the volume and the manga’s direction into ComicInfo.xml, and a new file when a credit changes', async () => {
    const first = await fileOf(`${harbour.id}.cbz`, 'ComicInfo.xml');
    const field = (doc: ReturnType<typeof xml>, name: string) => doc.getElementsByTagName(name)[0]?.textContent;
    expect(field(first.doc, 'Volume')).toBe('2');
    expect(field(first.doc, 'Writer')).toBe('Ada Quill');
    expect(field(first.doc, 'Penciller')).toBe('Bo Ink');
    expect(field(first.doc, 'Translator')).toBe('Uma');
    expect(field(first.doc, 'Letterer')).toBe('Lee');
    expect(field(first.doc, 'Editor')).toBeUndefined();
    expect(field(first.doc, 'Manga')).toBe('YesAndRightToLeft');

    await t.app.services.chapters.updateChapter(harbour.id, {
      credits: [
        { role: 'translator', name: 'Vic', userId: null },
        { role: 'editor', name: 'Ed', userId: null },
      ],
    });
    const second = await fileOf(`${harbour.id}.cbz`, 'ComicInfo.xml');
    expect(second.bytes.equals(first.bytes)).toBe(false);
    expect(field(second.doc, 'Translator')).toBe('Vic');
    expect(field(second.doc, 'Editor')).toBe('Ed');
    expect(field(second.doc, 'Letterer')).toBeUndefined();
  });

  it('write the EPUB’s creators with their roles and its volume as a collection', async () => {
    const { doc } = await fileOf(`${letter.id}.epub`, 'OEBPS/content.opf');
    const metas = [...doc.getElementsByTagName('meta')];
    const refining = (id: string, property: string) =>
      metas.find((meta) => meta.getAttribute('refines') === `#${id}` && meta.getAttribute('property') === property)?.textContent;
    const creators = [...doc.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'creator')].map((creator) => [
      creator.textContent,
      refining(creator.getAttribute('id')!, 'role'),
    ]);
    expect(creators).toEqual([
      ['Ada Quill', 'aut'],
      ['Tess', 'trl'],
    ]);
    const volume = metas.find(
      (meta) => meta.getAttribute('property') === 'belongs-to-collection' && meta.getAttribute('id') === 'volume',
    );
    expect(volume?.textContent).toBe('Credited Letters, Vol. 1');
    expect(refining('volume', 'group-position')).toBe('1');
    expect(doc.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'title')[0]!.textContent).toBe(
      'Credited Letters, Vol. 1 · Chapter 1',
    );
  });
});
