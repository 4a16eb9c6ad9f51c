import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { naturalCompare } from '../../lib/natural-sort';
import { png } from '../../../test/fixtures';
import { isUnsafeEntryName, readArchiveImages } from './archive';

describe('natural sort of archive entries', () => {
  it('orders numbers as people count them', () => {
    const names = ['page10.png', 'page2.png', 'Page1.png', 'page1b.png', 'page01a.png', 'ch2/page1.png', 'ch10/page1.png'];
    expect([...names].sort(naturalCompare)).toEqual([
      'ch2/page1.png',
      'ch10/page1.png',
      'Page1.png',
      'page01a.png',
      'page1b.png',
      'page2.png',
      'page10.png',
    ]);
  });
});

describe('readArchiveImages', () => {
  it('returns the images in natural order and skips folders, dotfiles, macOS metadata and non-images', async () => {
    const image = new Uint8Array(await png(4, 4));
    const archive = Buffer.from(
      zipSync({
        'chapter/10.png': image,
        'chapter/2.png': image,
        'chapter/1.png': image,
        'chapter/ComicInfo.xml': new TextEncoder().encode('<ComicInfo/>'),
        'chapter/.DS_Store': new Uint8Array([1]),
        '__MACOSX/chapter/._1.png': image,
      }),
    );
    expect(readArchiveImages(archive).map((entry) => entry.name)).toEqual(['chapter/1.png', 'chapter/2.png', 'chapter/10.png']);
  });

  it.each(['../escape.png', 'a/../../escape.png', '/etc/passwd.png', 'C:/x.png', 'a\\..\\b.png'])(
    'refuses an archive with the path %s',
    async (name) => {
      expect(isUnsafeEntryName(name)).toBe(true);
      const archive = Buffer.from(zipSync({ '1.png': new Uint8Array(await png(4, 4)), [name]: new Uint8Array(await png(4, 4)) }));
      expect(() => readArchiveImages(archive)).toThrow(/unsafe path/);
    },
  );

  it('refuses what is not a zip', () => {
    expect(() => readArchiveImages(Buffer.from('Rar!\x1a\x07\x00 not a zip at all'))).toThrow(/not a \.zip or \.cbz/);
  });

  it('refuses an archive without images', () => {
    const archive = Buffer.from(zipSync({ 'notes.txt': new TextEncoder().encode('hello') }));
    expect(() => readArchiveImages(archive)).toThrow(/no JPEG, PNG/);
  });
});
