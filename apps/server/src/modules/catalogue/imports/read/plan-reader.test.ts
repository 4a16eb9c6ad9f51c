import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comicEpub,
  comicInfo,
  ncxNovelEpub,
  novelEpub,
  page,
  spineOnlyEpub,
  writeTree,
  zip,
  type Files,
} from '../../../../../test/import-library';
import type { ImportPlan, PlannedSeries } from '../plan';
import { fileTree, folderTree, readImportPlan, readImportSource, zipTree } from './index';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkwell-import-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const u8 = async (shade: number) => new Uint8Array(await page(shade));

/** A library of three series: CBZs with and without ComicInfo and a series.json, folders of images, an EPUB novel. */
async function library(): Promise<Files> {
  return {
    'Alpha/series.json': JSON.stringify({
      title: 'Alpha Prime',
      genres: ['Action'],
      credits: [{ role: 'writer', name: 'Series Writer' }],
      readingDirection: 'ltr',
      cover: 'art.png',
    }),
    'Alpha/art.png': await u8(250),
    'Alpha/Alpha v01 c001.cbz': zip({
      '2.png': await u8(2),
      '10.png': await u8(10),
      '1.png': await u8(1),
      'notes.txt': 'not a page',
      'ComicInfo.xml': comicInfo({
        Series: 'Alpha (ComicInfo)',
        Number: 1,
        Volume: 1,
        Title: 'Start',
        Summary: 'Heroes rise.',
        Writer: 'Ann Writer, Bo Writer',
        Penciller: 'Pen Artist',
        Inker: 'Pen Artist',
        Translator: 'Tia Translator',
        Letterer: 'Lee Letterer',
        Genre: 'Drama, Action & Adventure',
        LanguageISO: 'ja',
        AgeRating: 'Adults Only 18+',
        Manga: 'YesAndRightToLeft',
        Web: 'https://alpha.example https://other.example',
        Year: 2020,
        Month: 5,
        Day: 3,
      }),
    }),
    'Alpha/Alpha v01 c002.cbz': zip({ 'a.png': await u8(20), 'b.png': await u8(21) }),
    'Beta/Chapter 1 - Dawn/1.png': await u8(31),
    'Beta/Chapter 1 - Dawn/10.png': await u8(33),
    'Beta/Chapter 1 - Dawn/2.png': await u8(32),
    'Beta/Chapter 2/01.png': await u8(34),
    'Beta/.DS_Store': 'junk',
    'Gamma/Vol 1/book.epub': new Uint8Array(await novelEpub()),
  };
}

const byTitle = (plan: ImportPlan, title: string): PlannedSeries => {
  const found = plan.series.find((series) => series.title === title);
  if (!found) throw new Error(`no series ${title} in ${plan.series.map((series) => series.title).join(', ')}`);
  return found;
};

describe('reading a library folder', () => {
  let plan: ImportPlan;
  const progress: string[] = [];
  beforeAll(async () => {
    await writeTree(join(dir, 'Library'), await library());
    plan = await readImportPlan(folderTree(join(dir, 'Library')), {
      onProgress: (step) => progress.push(`${step.done}/${step.total}`),
    });
  });

  it('makes a series of each folder, and fails nothing', () => {
    expect(plan.failures).toEqual([]);
    expect(plan.series.map((series) => [series.path, series.title, series.type])).toEqual([
      ['Alpha', 'Alpha Prime', 'comic'],
      ['Beta', 'Beta', 'comic'],
      ['Gamma', 'The Quiet Sea', 'novel'],
    ]);
    expect(progress).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5']);
  });

  it('takes series.json over ComicInfo, and ComicInfo over nothing', async () => {
    const alpha = byTitle(plan, 'Alpha Prime');
    expect(alpha).toMatchObject({
      description: 'Heroes rise.',
      genres: ['Action'],
      credits: [{ role: 'writer', name: 'Series Writer' }],
      language: 'ja',
      isAdult: true,
      readingDirection: 'ltr',
      website: 'https://alpha.example',
    });
    expect(alpha.cover?.name).toBe('art.png');
    expect(await alpha.cover?.read()).toEqual(Buffer.from(await u8(250)));
  });

  it('reads a CBZ with ComicInfo: its number, volume, title, credits, date and pages in natural order', async () => {
    const [first, second] = byTitle(plan, 'Alpha Prime').chapters;
    expect(first).toMatchObject({
      path: 'Alpha/Alpha v01 c001.cbz',
      number: 1,
      volume: 1,
      title: 'Start',
      language: 'ja',
      content: null,
      credits: [
        { role: 'writer', name: 'Ann Writer' },
        { role: 'writer', name: 'Bo Writer' },
        { role: 'artist', name: 'Pen Artist' },
        { role: 'translator', name: 'Tia Translator' },
        { role: 'letterer', name: 'Lee Letterer' },
      ],
    });
    expect(first!.releasedAt?.toISOString()).toBe('2020-05-03T00:00:00.000Z');
    expect(first!.pages.map((file) => file.name)).toEqual(['1.png', '2.png', '10.png']);
    expect(await first!.pages[2]!.read()).toEqual(Buffer.from(await u8(10)));
    // Without ComicInfo: its name says chapter 2 of volume 1.
    expect(second).toMatchObject({ number: 2, volume: 1, title: '', credits: [], releasedAt: null, language: null });
    expect(second!.pages).toHaveLength(2);
  });

  it('reads folders of images as chapters, the first page as the cover', async () => {
    const beta = byTitle(plan, 'Beta');
    expect(beta.chapters.map((chapter) => [chapter.path, chapter.number, chapter.title, chapter.pages.length])).toEqual([
      ['Beta/Chapter 1 - Dawn', 1, 'Dawn', 3],
      ['Beta/Chapter 2', 2, '', 1],
    ]);
    expect(beta.chapters[0]!.pages.map((file) => file.name)).toEqual(['1.png', '2.png', '10.png']);
    expect(await beta.cover?.read()).toEqual(Buffer.from(await u8(31)));
  });

  it('splits an EPUB novel along its table of contents, with its package metadata', async () => {
    const gamma = byTitle(plan, 'The Quiet Sea');
    expect(gamma).toMatchObject({
      description: 'A story of the sea.',
      genres: ['Fantasy'],
      language: 'pt-BR',
      credits: [
        { role: 'writer', name: 'Ana Lima' },
        { role: 'translator', name: 'John Doe' },
      ],
    });
    expect(gamma.cover?.name).toBe('OEBPS/Images/cover.png');
    expect(gamma.chapters.map((chapter) => [chapter.path, chapter.number, chapter.volume, chapter.title])).toEqual([
      ['Gamma/Vol 1/book.epub#1', 1, 2, 'Waves'],
      ['Gamma/Vol 1/book.epub#2', 2, 2, 'Salt'],
      ['Gamma/Vol 1/book.epub#3', 3, 2, 'Home'],
    ]);
    const [waves, salt, home] = gamma.chapters.map((chapter) => chapter.content);
    expect(waves).toBe('<h2>Waves</h2>\n<p>The <em>first</em> wave.</p>\n<p>Loose text</p>');
    expect(salt).toBe('<h2>Salt</h2>\n<p>The <strong>second</strong> &amp; salt.</p>');
    expect(home).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">home</a>');
    expect(gamma.chapters.every((chapter) => chapter.pages.length === 0)).toBe(true);
    expect(JSON.stringify(gamma.chapters)).not.toContain('Copyright nobody');
  });

  it('gives the same hashes to the same library as a folder and as a .zip of that folder', async () => {
    const files = await library();
    const archive = join(dir, 'Library upload.zip');
    await writeFile(
      archive,
      zip(Object.fromEntries(Object.entries(files).map(([path, content]) => [`Library/${path}`, content]))),
    );
    const tree = zipTree(archive);
    const fromZip = await readImportPlan(tree);
    const summary = (of: ImportPlan) =>
      of.series.map((series) => ({
        path: series.path,
        hash: series.hash,
        chapters: series.chapters.map((chapter) => [chapter.path, chapter.hash, chapter.pages.length]),
      }));
    expect(summary(fromZip)).toEqual(summary(plan));
    expect(new Set(plan.series.flatMap((series) => series.chapters.map((chapter) => chapter.hash))).size).toBe(7);
    // Pages read late, from the zip on disk.
    expect(await fromZip.series[1]!.chapters[0]!.pages[1]!.read()).toEqual(Buffer.from(await u8(32)));
    await tree.close();
  });

  it('gives the same hashes on a second reading, and another when a page changes', async () => {
    const again = await readImportPlan(folderTree(join(dir, 'Library')));
    expect(again.series.map((series) => series.hash)).toEqual(plan.series.map((series) => series.hash));
    await writeFile(join(dir, 'Library/Beta/Chapter 2/01.png'), await u8(99));
    const changed = await readImportPlan(folderTree(join(dir, 'Library')));
    const beta = (of: ImportPlan) => byTitle(of, 'Beta').chapters.map((chapter) => chapter.hash);
    expect(beta(changed)[0]).toBe(beta(plan)[0]);
    expect(beta(changed)[1]).not.toBe(beta(plan)[1]);
  });
});

describe('a root that is one series', () => {
  it('reads a root of volume folders as one series, its folders of images with their ComicInfo.xml', async () => {
    await writeTree(join(dir, 'Wrapper/Delta'), {
      'Vol 1/c001.cbz': zip({ '1.png': await u8(1) }),
      'Vol 2/Chapter 2/1.png': await u8(2),
      'Vol 2/Chapter 2/ComicInfo.xml': comicInfo({ Number: 2, Title: 'Second', Series: 'Delta Force' }),
    });
    const plan = await readImportPlan(folderTree(join(dir, 'Wrapper')));
    expect(plan.failures).toEqual([]);
    expect(
      plan.series.map((series) => [
        series.path,
        series.title,
        series.chapters.map((chapter) => [chapter.number, chapter.volume, chapter.title]),
      ]),
    ).toEqual([
      [
        '',
        'Delta Force',
        [
          [1, 1, ''],
          [2, 2, 'Second'],
        ],
      ],
    ]);
  });

  it('names a folder of chapter files after itself', async () => {
    await writeTree(join(dir, 'Solo [Group]'), {
      'c001.cbz': zip({ '1.png': await u8(1) }),
      'c002.cbz': zip({ '1.png': await u8(2) }),
      'Cover.jpg': await u8(3),
    });
    const plan = await readImportPlan(folderTree(join(dir, 'Solo [Group]')));
    expect(plan.series.map((series) => [series.path, series.title, series.chapters.map((chapter) => chapter.number)])).toEqual([
      ['', 'Solo', [1, 2]],
    ]);
    expect(await plan.series[0]!.cover?.read()).toEqual(Buffer.from(await u8(3)));
  });

  it('reads one uploaded .cbz into an existing series', async () => {
    const file = join(dir, 'upload-1234.tmp');
    await writeFile(file, zip({ 'p1.png': await u8(5), 'ComicInfo.xml': comicInfo({ Number: 7.5, Title: 'Side story' }) }));
    const plan = await readImportPlan(fileTree(file, 'Extra.cbz'), { series: { title: 'Existing', type: 'comic' } });
    expect(plan.failures).toEqual([]);
    expect(plan.series).toHaveLength(1);
    expect(plan.series[0]).toMatchObject({ path: '', title: 'Existing', type: 'comic' });
    expect(plan.series[0]!.chapters.map((chapter) => [chapter.path, chapter.number, chapter.title])).toEqual([
      ['Extra.cbz', 7.5, 'Side story'],
    ]);
  });

  it('reads each kind of source the job is given, the upload named as uploaded', async () => {
    const file = join(dir, 'upload-5678.tmp');
    await writeFile(file, zip({ 'c003.cbz': zip({ '1.png': await u8(7) }) }));
    const fromZip = await readImportSource({ kind: 'zip', file, name: 'My Series.zip' });
    expect(fromZip.plan.series.map((series) => [series.title, series.chapters[0]?.number])).toEqual([['My Series', 3]]);
    await fromZip.close();
    const fromFolder = await readImportSource({ kind: 'folder', path: join(dir, 'Solo [Group]') });
    expect(fromFolder.plan.series[0]?.chapters).toHaveLength(2);
    await fromFolder.close();
  });

  it('refuses a novel EPUB for a comic series, alone', async () => {
    const file = join(dir, 'upload-novel.tmp');
    await writeFile(file, ncxNovelEpub());
    const plan = await readImportPlan(fileTree(file, 'storm.epub'), { series: { title: 'Existing', type: 'comic' } });
    expect(plan.series).toEqual([]);
    expect(plan.failures.map((failure) => failure.code)).toEqual(['apiErrors.imports.wrongKind', 'apiErrors.imports.wrongKind']);
  });
});

describe('EPUBs', () => {
  it('numbers an NCX novel without numbered labels after the last chapter, in its collection', async () => {
    await writeTree(join(dir, 'Storm'), { 'c001.cbz.txt': 'ignored', 'storm.epub': ncxNovelEpub() });
    const plan = await readImportPlan(folderTree(join(dir, 'Storm')));
    const [storm] = plan.series;
    expect(storm).toMatchObject({
      title: 'Storm Saga',
      type: 'novel',
      language: 'en',
      credits: [
        { role: 'writer', name: 'Rui Costa' },
        { role: 'writer', name: 'Eva Dias' },
      ],
    });
    expect(storm!.chapters.map((chapter) => [chapter.number, chapter.volume, chapter.title, chapter.content])).toEqual([
      [1, 3, 'Prologue', '<p>Before the storm.</p>'],
      [2, 3, 'The Storm', '<p>The storm.</p>'],
    ]);
  });

  it('reads a comic EPUB as one chapter of its pages', async () => {
    await writeTree(join(dir, 'Pictures'), { 'Picture Book c004.epub': await comicEpub(3) });
    const plan = await readImportPlan(folderTree(join(dir, 'Pictures')));
    expect(plan.failures).toEqual([]);
    const [book] = plan.series;
    expect(book).toMatchObject({ title: 'Pictures', type: 'comic' });
    expect(book!.chapters).toHaveLength(1);
    expect(book!.chapters[0]).toMatchObject({ number: 4, title: 'Picture Book', content: null });
    expect(book!.chapters[0]!.pages.map((file) => file.name)).toEqual([
      'OEBPS/Images/p1.png',
      'OEBPS/Images/p2.png',
      'OEBPS/Images/p3.png',
    ]);
    expect(await book!.chapters[0]!.pages[1]!.read()).toEqual(Buffer.from(await u8(20)));
  });

  it('tells a comic EPUB by its pages being only images, fixed-layout or not', async () => {
    await writeTree(join(dir, 'Reflowable'), { 'v01.epub': await comicEpub(2, { fixedLayout: false }) });
    const plan = await readImportPlan(folderTree(join(dir, 'Reflowable')));
    expect(plan.series[0]).toMatchObject({ type: 'comic' });
    expect(plan.series[0]!.chapters.map((chapter) => [chapter.number, chapter.volume, chapter.pages.length])).toEqual([
      [1, 1, 2],
    ]);
  });

  it('falls back to the spine without a table of contents, leaving out what is not in the reading order', async () => {
    await writeTree(join(dir, 'Plain'), { 'plain.epub': spineOnlyEpub() });
    const plan = await readImportPlan(folderTree(join(dir, 'Plain')));
    expect(plan.series[0]!.chapters.map((chapter) => [chapter.number, chapter.title, chapter.content])).toEqual([
      [1, 'One & Only', '<h2>One &amp; Only</h2>\n<p>First.</p>'],
      [2, 'Two', '<h2>Two</h2>\n<ul><li>a</li><li>b</li></ul>\n<blockquote>\n<p>Said.</p>\n</blockquote>\n<hr />'],
    ]);
  });

  it("numbers a novel's next volume on when its chapters count from 1 again", async () => {
    await writeTree(join(dir, 'Volumes'), {
      'Book 1.epub': await novelEpub({ position: 1 }),
      'Book 2.epub': await novelEpub({ position: 2 }),
    });
    const plan = await readImportPlan(folderTree(join(dir, 'Volumes')));
    expect(plan.failures).toEqual([]);
    expect(plan.series[0]!.chapters.map((chapter) => [chapter.number, chapter.volume, chapter.title])).toEqual([
      [1, 1, 'Waves'],
      [2, 1, 'Salt'],
      [3, 1, 'Home'],
      [4, 2, 'Waves'],
      [5, 2, 'Salt'],
      [6, 2, 'Home'],
    ]);
  });
});
