import { unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { buildCbz } from './cbz';
import { buildEpub, chapterBody, paragraphOf, pointerOf } from './epub';
import { partialMd5 } from './partial-md5';

/** The conformance suite's pattern file: byte i is (i*31 + (i>>8)) mod 256. */
const pattern = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + (i >> 8)) % 256);
const xmlOf = (text: string, type: 'application/xml' | 'application/xhtml+xml' = 'application/xml') =>
  new JSDOM(text, { contentType: type }).window.document;
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes!).toString('utf8');

const novel = {
  id: '6f1d2c3b-1111-4222-8333-944445555666',
  series: { title: 'Letters & Lamps', author: 'Ada Quill' },
  chapter: {
    number: 3,
    title: 'The <Harbour>',
    url: 'https://inkwell.test/SeriesView/letters/chapter-3',
    publishedAt: '2026-10-01T08:00:00.000Z',
  },
  language: 'en',
  html: '<h2>Chapter 3</h2><p>One&nbsp;line.</p><p>Two <em>words</em><br>here.</p><blockquote><p>Three.</p></blockquote>Loose <b>text</b><hr><ul><li>item</li></ul><p>Four\u0001.</p>',
};
const comic = {
  series: { title: 'Lanterns', author: 'Ada Quill', artist: 'Bo Ink', description: 'Lights at sea.' },
  chapter: {
    number: 12.5,
    title: 'Harbour',
    url: 'https://inkwell.test/SeriesView/lanterns/chapter-12-5',
    publishedAt: '2026-10-01T08:00:00.000Z',
  },
  language: 'en',
  pages: [1, 2, 3].map((n) => ({
    bytes: Uint8Array.from([0xff, 0xd8, 0xff, n]),
    extension: 'jpg' as const,
    width: 800,
    height: 1200 + n,
  })),
};

describe("KOReader's partial MD5 (issue 19 §4)", () => {
  it("gives the conformance suite's digests", () => {
    expect(partialMd5(pattern(500))).toBe('21f0df72cce9bc7da8dae2512ee5feed');
    expect(partialMd5(pattern(1024))).toBe('f4cd1641040a17288bb6104d9e66bdb5');
    expect(partialMd5(pattern(1025))).toBe('170a888db01c00d8fc3e5d8d84de5838');
    expect(partialMd5(pattern(2048))).toBe('d0e59a0c7b893c3b8d6a9bddbd64e631');
    // Bytes past 2 KiB and before 4 KiB are never sampled.
    expect(partialMd5(pattern(3000))).toBe('d0e59a0c7b893c3b8d6a9bddbd64e631');
    expect(partialMd5(pattern(200_000))).toBe('1784b150454ef4cf6780ceb94af0386f');
    expect(partialMd5(pattern(1_050_000))).toBe('0fca5c751677ecbc2dcfe80ea75ace32');
  });
});

describe('CBZ (issue 19 §4)', () => {
  it('holds the pages in reading order, then ComicInfo.xml with the series, number, people and page count', () => {
    const files = unzipSync(buildCbz(comic));
    expect(Object.keys(files)).toEqual(['001.jpg', '002.jpg', '003.jpg', 'ComicInfo.xml']);
    expect([...files['002.jpg']!]).toEqual([0xff, 0xd8, 0xff, 2]);
    const info = xmlOf(text(files['ComicInfo.xml']));
    const field = (name: string) => info.getElementsByTagName(name)[0]?.textContent;
    expect(field('Series')).toBe('Lanterns');
    expect(field('Number')).toBe('12.5');
    expect(field('Title')).toBe('Harbour');
    expect(field('Writer')).toBe('Ada Quill');
    expect(field('Penciller')).toBe('Bo Ink');
    expect(field('LanguageISO')).toBe('en');
    expect(field('PageCount')).toBe('3');
    expect(info.getElementsByTagName('Page')).toHaveLength(3);
  });

  it('is the same bytes every time, in every time zone', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      const first = buildCbz(comic);
      process.env.TZ = 'Pacific/Kiritimati';
      expect(buildCbz(comic).equals(first)).toBe(true);
      expect(buildEpub(novel).bytes.equals(((process.env.TZ = 'UTC'), buildEpub(novel).bytes))).toBe(true);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('EPUB 3 (issue 19 §4)', () => {
  const { bytes } = buildEpub(novel);
  const files = unzipSync(bytes);

  it('starts with the mimetype, stored, with no extra field, as the OCF requires', () => {
    expect(Object.keys(files)[0]).toBe('mimetype');
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(8)).toBe(0); // stored
    expect(bytes.readUInt16LE(26)).toBe(8);
    expect(bytes.readUInt16LE(28)).toBe(0); // no extra field
    expect(bytes.subarray(30, 38).toString()).toBe('mimetype');
    expect(bytes.subarray(38, 58).toString()).toBe('application/epub+zip');
  });

  it('has a container, a package whose every item is in the file, a navigation document and one chapter', () => {
    const container = xmlOf(text(files['META-INF/container.xml']));
    const opfPath = container.getElementsByTagName('rootfile')[0]!.getAttribute('full-path')!;
    expect(opfPath).toBe('OEBPS/content.opf');
    const opf = xmlOf(text(files[opfPath]));
    const dc = (name: string) => opf.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', name)[0]?.textContent;
    expect(opf.documentElement.getAttribute('version')).toBe('3.0');
    expect(dc('identifier')).toBe(`urn:uuid:${novel.id}`);
    expect(dc('title')).toBe('Letters & Lamps, Chapter 3: The <Harbour>');
    expect(dc('language')).toBe('en');
    expect(dc('creator')).toBe('Ada Quill');
    const modified = [...opf.getElementsByTagName('meta')].find((meta) => meta.getAttribute('property') === 'dcterms:modified');
    expect(modified!.textContent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const items = [...opf.getElementsByTagName('item')];
    for (const item of items) expect(files[`OEBPS/${item.getAttribute('href')}`], item.getAttribute('href')!).toBeDefined();
    expect(items.filter((item) => item.getAttribute('properties') === 'nav')).toHaveLength(1);
    const ids = new Set(items.map((item) => item.getAttribute('id')));
    const spine = [...opf.getElementsByTagName('itemref')].map((ref) => ref.getAttribute('idref'));
    expect(spine).toEqual(['chapter']);
    for (const idref of spine) expect(ids.has(idref)).toBe(true);
    // Every XHTML file is well-formed XML.
    for (const name of ['OEBPS/nav.xhtml', 'OEBPS/chapter.xhtml']) {
      const doc = xmlOf(text(files[name]), 'application/xhtml+xml');
      expect(doc.getElementsByTagName('parsererror'), name).toHaveLength(0);
    }
  });

  it('numbers every paragraph p-1, p-2, … and maps KOReader positions to paragraphs and back', () => {
    const doc = xmlOf(text(files['OEBPS/chapter.xhtml']), 'application/xhtml+xml');
    const paragraphs = [...doc.getElementsByTagName('p')];
    expect(paragraphs.map((p) => p.getAttribute('id'))).toEqual(['p-1', 'p-2', 'p-3', 'p-4', 'p-5']);
    expect(paragraphs.map((p) => p.textContent)).toEqual(['One\u00a0line.', 'Two wordshere.', 'Three.', 'Loose text', 'Four.']);
    const { paragraphs: paths } = chapterBody(novel);
    expect(paths).toEqual([
      '/body/DocFragment/body/p[1]',
      '/body/DocFragment/body/p[2]',
      '/body/DocFragment/body/blockquote/p',
      '/body/DocFragment/body/p[3]',
      '/body/DocFragment/body/p[4]',
    ]);
    expect(paragraphOf('/body/DocFragment/body/p[2]/text().4', paths)).toBe(2);
    expect(paragraphOf('/body/DocFragment[1]/body/p[2]/em/text().1', paths)).toBe(2);
    expect(paragraphOf('/body/DocFragment/body/blockquote/p/text().0', paths)).toBe(3);
    expect(paragraphOf('/body/DocFragment/body/p[4]', paths)).toBe(5);
    expect(paragraphOf('/body/DocFragment/body/h1/text().0', paths)).toBeNull();
    expect(paragraphOf('/body/DocFragment[2]/body/p[1]', paths)).toBeNull();
    expect(pointerOf(3, paths)).toBe('/body/DocFragment/body/blockquote/p');
    expect(pointerOf(99, paths)).toBe('/body/DocFragment/body/p[4]');
  });
});
