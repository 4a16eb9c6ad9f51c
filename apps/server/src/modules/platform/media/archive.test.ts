import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { naturalCompare } from '../../../lib/natural-sort';
import { png } from '../../../../test/fixtures';
import { isUnsafeEntryName, listArchiveImages } from './archive';

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

describe('listArchiveImages', () => {
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
    expect((await listArchiveImages(archive)).map((entry) => entry.name)).toEqual([
      'chapter/1.png',
      'chapter/2.png',
      'chapter/10.png',
    ]);
  });

  it.each(['../escape.png', 'a/../../escape.png', '/etc/passwd.png', 'C:/x.png', 'a\\..\\b.png'])(
    'refuses an archive with the path %s',
    async (name) => {
      expect(isUnsafeEntryName(name)).toBe(true);
      const archive = Buffer.from(zipSync({ '1.png': new Uint8Array(await png(4, 4)), [name]: new Uint8Array(await png(4, 4)) }));
      await expect(listArchiveImages(archive)).rejects.toThrow('apiErrors.platform.archiveUnsafePath');
    },
  );

  it('refuses what is not a zip', async () => {
    await expect(listArchiveImages(Buffer.from('Rar!\x1a\x07\x00 not a zip at all'))).rejects.toThrow(
      'apiErrors.platform.archiveNotZip',
    );
  });

  it('refuses an archive without images', async () => {
    const archive = Buffer.from(zipSync({ 'notes.txt': new TextEncoder().encode('hello') }));
    await expect(listArchiveImages(archive)).rejects.toThrow('apiErrors.platform.archiveNoImages');
  });
});

describe('inflating stops at the cap (issue 7 §4.15)', () => {
  it('refuses an entry that inflates past the size its header claims, before holding it all', async () => {
    // 30 MB of zeros compresses to a few tens of kB; the header is rewritten to claim 1 kB.
    const big = new Uint8Array(30 * 1024 * 1024);
    const archive = Buffer.from(zipSync({ 'page.png': big }, { level: 9 }));
    for (const signature of [0x04034b50, 0x02014b50]) {
      // Patch the uncompressed size in the local header (offset 22) and the central directory (offset 24).
      for (
        let at = archive.indexOf(Buffer.from(new Uint32Array([signature]).buffer));
        at >= 0;
        at = archive.indexOf(Buffer.from(new Uint32Array([signature]).buffer), at + 4)
      ) {
        archive.writeUInt32LE(1024, at + (signature === 0x04034b50 ? 22 : 24));
      }
    }
    expect(archive.length).toBeLessThan(1024 * 1024);
    const [entry] = await listArchiveImages(archive);
    const before = process.memoryUsage().arrayBuffers;
    await expect(entry!.read()).rejects.toThrow(/apiErrors\.platform\.(entryDamaged|archiveInflates)/);
    // Far less than the 30 MB the entry would inflate to.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
  });
});
