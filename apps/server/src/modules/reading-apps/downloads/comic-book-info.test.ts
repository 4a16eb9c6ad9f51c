import yauzl from 'yauzl';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, teamOf } from '../../../../test/factories';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { buildCbz } from './cbz';

// Issue 39: calibre shows a CBZ's series, title, number, people, tags and language from the
// ComicBookInfo/1.0 record in the zip's comment (its archive.py: get_comic_metadata), not from
// ComicInfo.xml; without one every chapter was "comic" by "Unknown".

/** The archive's comment and entry names as yauzl (a zip reader of its own, not fflate) reads them. */
function readZip(bytes: Buffer): Promise<{ comment: string; names: string[] }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve({ comment: zip.comment, names }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** What calibre keeps of the record: the first key starting "ComicBookInfo", as its parse_comic_comment reads it. */
async function calibreRecord(bytes: Buffer) {
  const { comment } = await readZip(bytes);
  const parsed = JSON.parse(comment) as Record<string, unknown>;
  const key = Object.keys(parsed).find((name) => name.startsWith('ComicBookInfo'));
  expect(key).toBe('ComicBookInfo/1.0');
  const record = parsed[key!] as Record<string, unknown> & { credits: { person: string; role: string; primary?: string }[] };
  // calibre's authors: the people credited as Writer, Artist, Cartoonist or Creator.
  const authors = record.credits
    .filter((credit) => ['Writer', 'Artist', 'Cartoonist', 'Creator'].includes(credit.role))
    .map((credit) => credit.person);
  return { parsed, record, authors };
}

const page = (n: number) => ({
  bytes: Uint8Array.from([0xff, 0xd8, 0xff, n]),
  extension: 'jpg' as const,
  width: 800,
  height: 1200,
});

describe('the ComicBookInfo comment of a built CBZ', () => {
  const book = {
    series: { title: 'Lanternes d’été', author: 'Ada Quill, Bo Ink', artist: '', description: 'Lights at sea 🌊.' },
    chapter: { number: 12.5, title: '', url: 'https://inkwell.test/x', publishedAt: '2026-10-01T08:00:00.000Z', volume: 3 },
    language: 'pt-BR',
    credits: [{ role: 'translator' as const, name: 'Tess' }],
    genres: ['Action', 'Romance'],
    pages: [page(1), page(2)],
  };

  it('is JSON in ASCII a zip reader finds, with the entries and ComicInfo.xml as before', async () => {
    const bytes = buildCbz(book);
    const { comment, names } = await readZip(bytes);
    expect(names).toEqual(['001.jpg', '002.jpg', 'ComicInfo.xml']);
    expect(Object.keys(unzipSync(bytes))).toEqual(names);
    expect(comment).toMatch(/^[\x20-\x7e]+$/);
    // The comment's length is written in the end of central directory record, and it ends the file.
    expect(bytes.readUInt16LE(bytes.length - comment.length - 2)).toBe(comment.length);
    const { parsed, record, authors } = await calibreRecord(bytes);
    expect(parsed).toMatchObject({ appID: 'Inkwell', lastModified: '2026-10-01 08:00:00 +0000' });
    expect(record).toMatchObject({
      series: 'Lanternes d’été',
      title: 'Chapter 12.5',
      issue: 12.5,
      publicationYear: 2026,
      publicationMonth: 10,
      language: 'Portuguese',
      lang: 'pt',
      tags: ['Action', 'Romance'],
      comments: 'Lights at sea 🌊.',
    });
    // No volume: calibre would number the book by it before the issue.
    expect(record.volume).toBeUndefined();
    // The free-text author lists two people: each is a credit of its own.
    expect(record.credits).toEqual([
      { person: 'Ada Quill', role: 'Writer', primary: 'YES' },
      { person: 'Bo Ink', role: 'Writer' },
      { person: 'Tess', role: 'Translator', primary: 'YES' },
    ]);
    expect(authors).toEqual(['Ada Quill', 'Bo Ink']);
  });

  it('is the same bytes every time', () => {
    expect(buildCbz(book).equals(buildCbz(book))).toBe(true);
  });
});

describe('a downloaded CBZ (issue 39)', () => {
  let t: TestContext;
  let comic: { id: string; slug: string };
  let chapter: { id: string };
  let actionId: string;
  const download = async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/download/chapters/${chapter.id}.cbz` });
    expect(answer.statusCode, answer.body).toBe(200);
    return { bytes: answer.rawPayload, etag: answer.headers.etag as string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const team = teamOf(t);
    const action = await team.createGenre(`Action ${Date.now()}`);
    actionId = action.id;
    comic = await buildSeries(t, {
      title: 'Calibre Lanterns',
      originalLanguage: 'es',
      genreIds: [action.id],
      credits: [
        { role: 'writer', name: 'Ada Quill' },
        { role: 'artist', name: 'Bo Ink' },
        { role: 'letterer', name: 'Lee' },
      ],
    });
    chapter = await buildChapter(t, comic.id, { number: 7, title: 'Harbour', pages: 2 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('carries the series, chapter, number, credits, genres and language calibre reads; a new genre makes a new file', async () => {
    const first = await download();
    const { record, authors } = await calibreRecord(first.bytes);
    expect(record).toMatchObject({ series: 'Calibre Lanterns', title: 'Harbour', issue: 7, language: 'Spanish', lang: 'es' });
    expect(authors).toEqual(['Ada Quill', 'Bo Ink']);
    expect(record.credits).toContainEqual({ person: 'Lee', role: 'Letterer', primary: 'YES' });
    expect(record.tags).toEqual([expect.stringMatching(/^Action /)]);
    // Built once: the second download is the stored file.
    expect((await download()).bytes.equals(first.bytes)).toBe(true);

    const romance = await teamOf(t).createGenre(`Romance ${Date.now()}`);
    await t.app.services.series.updateSeries(comic.id, { genreIds: [actionId, romance.id] });
    const second = await download();
    expect(second.etag).not.toBe(first.etag);
    expect((await calibreRecord(second.bytes)).record.tags).toEqual([expect.stringMatching(/^Action /), romance.name]);
  });
});
