import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comicInfo, page, writeTree, zip } from '../../../../../test/import-library';
import type { ImportPlan } from '../plan';
import { folderTree, readImportPlan, zipTree } from './index';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkwell-import-failures-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const u8 = async (shade: number) => new Uint8Array(await page(shade));

/** A zip whose one entry claims 1,000 bytes and inflates to 5 MB: its headers lie, as a zip bomb's do. */
function lyingZip(): Buffer {
  const archive = zip({ '1.png': new Uint8Array(5 * 1024 * 1024) });
  for (let offset = 0; offset < archive.length - 4; offset++) {
    const signature = archive.readUInt32LE(offset);
    if (signature === 0x04034b50) archive.writeUInt32LE(1000, offset + 22);
    if (signature === 0x02014b50) archive.writeUInt32LE(1000, offset + 24);
  }
  return archive;
}

const failuresOf = (plan: ImportPlan) => plan.failures.map((failure) => [failure.path, failure.code]);

describe('what fails alone', () => {
  let plan: ImportPlan;
  beforeAll(async () => {
    await writeTree(join(dir, 'Library'), {
      'Broken/c001.cbz': zip({ '1.png': await u8(1) }),
      'Broken/c002.cbz': 'Rar!\x1a\x07 not a zip at all',
      'Broken/c003.cbz': zip({ '1.png': await u8(3), '2.png': 'this is text, not a png' }),
      'Broken/c004.cbz': zip({ '1.png': new Uint8Array(21 * 1024 * 1024) }),
      'Broken/c005.cbz': lyingZip(),
      'Broken/c006.cbz': zip({ '1.png': await u8(6), '../escape.png': await u8(6) }),
      'Broken/c007.epub': zip({ mimetype: 'application/epub+zip', 'OEBPS/a.xhtml': '<p>no package</p>' }),
      'Broken/c008.cbz': zip({ 'notes.txt': 'no pages' }),
      'Broken/Chapter 1 again.cbz': zip({ '1.png': await u8(11), 'ComicInfo.xml': comicInfo({ Number: 1 }) }),
      'Broken/c009.cbz': zip({ '1.png': await u8(9) }),
      'Fine/c001.cbz': zip({ '1.png': await u8(21) }),
      'Bad JSON/series.json': '{ "title": 5 }',
      'Bad JSON/c001.cbz': zip({ '1.png': await u8(31) }),
      'Empty/readme.txt': 'nothing here',
    });
    await symlink('/etc', join(dir, 'Library/Fine/escape'));
    await symlink('/etc/hostname', join(dir, 'Library/Fine/c002.cbz'));
    plan = await readImportPlan(folderTree(join(dir, 'Library')));
  });

  it('fails each broken item with its reason, and reads the rest', () => {
    expect(failuresOf(plan)).toEqual([
      ['Fine/c002.cbz', 'apiErrors.imports.unsafePath'],
      ['Fine/escape', 'apiErrors.imports.unsafePath'],
      ['Bad JSON/series.json', 'apiErrors.imports.seriesJsonInvalid'],
      ['Broken/c002.cbz', 'apiErrors.imports.archiveBroken'],
      ['Broken/c003.cbz', 'apiErrors.imports.pageNotImage'],
      ['Broken/c004.cbz', 'apiErrors.imports.archiveInflates'],
      ['Broken/c005.cbz', 'apiErrors.imports.archiveInflates'],
      ['Broken/c006.cbz', 'apiErrors.imports.unsafePath'],
      ['Broken/c007.epub', 'apiErrors.imports.epubBroken'],
      ['Broken/c008.cbz', 'apiErrors.imports.noPages'],
      ['Broken/Chapter 1 again.cbz', 'apiErrors.imports.numberTaken'],
      ['Empty', 'apiErrors.imports.noChapters'],
    ]);
    expect(plan.series.map((series) => [series.title, series.chapters.map((chapter) => chapter.number)])).toEqual([
      ['Broken', [1, 9]],
      ['Fine', [1]],
    ]);
  });

  it('says why in English, with the values the page needs for other languages', () => {
    const said = Object.fromEntries(plan.failures.map((failure) => [failure.path, [failure.reason, failure.values]]));
    expect(said['Broken/c003.cbz']).toEqual(['The page 2.png is not a JPEG, PNG, WebP, AVIF or GIF image', { name: '2.png' }]);
    expect(said['Broken/Chapter 1 again.cbz']).toEqual([
      'Chapter 1 is already given by Broken/c001.cbz',
      { number: 1, other: 'Broken/c001.cbz' },
    ]);
    expect(said['Bad JSON/series.json']![0]).toBe(
      'Bad JSON/series.json is not valid (at “title”); nothing of this series was imported',
    );
    expect(said['Broken/c006.cbz']![0]).toBe(
      'Broken/c006.cbz/../escape.png leads outside the imported folder, so it was not read',
    );
  });
});

describe('an uploaded .zip with a path out of it', () => {
  // Windows tools' `\\` separators are read as folders; climbing out is refused either way.
  it('refuses that entry and reads the rest', async () => {
    const file = join(dir, 'upload.zip');
    await writeFile(
      file,
      zip({
        'Series/c001.cbz': zip({ '1.png': await u8(1) }),
        'Series\\c002.cbz': zip({ '1.png': await u8(2) }),
        '../../evil.cbz': zip({ '1.png': await u8(3) }),
        'Series\\..\\..\\evil.cbz': zip({ '1.png': await u8(4) }),
      }),
    );
    const tree = zipTree(file, 'upload');
    const plan = await readImportPlan(tree);
    expect(failuresOf(plan)).toEqual([
      ['../../evil.cbz', 'apiErrors.imports.unsafePath'],
      ['Series/../../evil.cbz', 'apiErrors.imports.unsafePath'],
    ]);
    expect(plan.series.map((series) => [series.path, series.title, series.chapters.length])).toEqual([['', 'Series', 2]]);
    await tree.close();
  });

  it('fails a .zip that is not one as a whole', async () => {
    const file = join(dir, 'not-a-zip.zip');
    await writeFile(file, 'plain text');
    await expect(readImportPlan(zipTree(file))).rejects.toThrow('apiErrors.imports.archiveBroken');
  });
});
