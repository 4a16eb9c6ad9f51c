import { zipSync } from 'fflate';
import { solidPng } from './images';

const bytes = (buffer: Buffer) => new Uint8Array(buffer);

/** A ComicInfo.xml as a publisher's tool writes it. */
function comicInfo(fields: Record<string, string>): Uint8Array {
  const body = Object.entries(fields)
    .map(([name, value]) => `  <${name}>${value}</${name}>`)
    .join('\n');
  return new TextEncoder().encode(`<?xml version="1.0" encoding="utf-8"?>\n<ComicInfo>\n${body}\n</ComicInfo>\n`);
}

/**
 * A catalogue as the Import page takes it: a .zip holding one series folder with two CBZ chapters
 * (the first naming its series, number, volume and writer in a ComicInfo.xml, the second named
 * only by its file) and a file that is no archive at all.
 */
export function seriesFolderZip(title: string): Buffer {
  const first = zipSync({
    'ComicInfo.xml': comicInfo({ Series: title, Number: '1', Volume: '1', Title: 'The Quay', Writer: 'Ada Lin' }),
    '001.png': bytes(solidPng(80, 120, [40, 90, 160])),
    '002.png': bytes(solidPng(80, 120, [160, 90, 40])),
  });
  const second = zipSync({ '001.png': bytes(solidPng(80, 120, [40, 160, 90])) });
  return Buffer.from(
    zipSync({
      [`${title}/${title} c001.cbz`]: first,
      [`${title}/${title} c002.cbz`]: second,
      [`${title}/${title} c003.cbz`]: new TextEncoder().encode('this is not a zip archive'),
    }),
  );
}
