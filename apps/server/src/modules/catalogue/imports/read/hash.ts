import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES } from '@inkwell/contract';
import { sniffImageType } from '../../../platform/media';
import type { PlannedChapter, PlannedSeries, SourceFile } from '../plan';
import { baseName, ImportReadError } from './failures';

/**
 * A digest of a chapter's pages, each read once, checked to be an image by its first bytes and
 * dropped: the plan keeps no page's bytes. Names are left out, so the same pages hash the same
 * from a folder on disk and from a zip.
 */
export async function digestPages(pages: SourceFile[]): Promise<string> {
  const hash = createHash('sha256');
  for (const page of pages) {
    if (page.size > IMAGE_MAX_BYTES) {
      throw new ImportReadError('apiErrors.imports.pageTooLarge', {
        name: baseName(page.name),
        megabytes: IMAGE_MAX_BYTES / 1024 / 1024,
      });
    }
    const bytes = await page.read();
    if (!sniffImageType(bytes)) throw new ImportReadError('apiErrors.imports.pageNotImage', { name: baseName(page.name) });
    hash.update(`page ${bytes.length}\n`).update(bytes);
  }
  return hash.digest('hex');
}

export const digestText = (text: string) => createHash('sha256').update('text\n').update(text).digest('hex');

/** A chapter's hash: what ends up in it, its metadata and its pages' or text's digest (`number` null: a guessed one). */
export function chapterHash(
  chapter: Omit<PlannedChapter, 'hash' | 'pages' | 'content' | 'path' | 'number'> & { number: number | null },
  contentDigest: string,
): string {
  const metadata = {
    number: chapter.number,
    volume: chapter.volume,
    title: chapter.title,
    credits: chapter.credits,
    releasedAt: chapter.releasedAt?.toISOString() ?? null,
    language: chapter.language,
  };
  return createHash('sha256').update(JSON.stringify(metadata)).update('\n').update(contentDigest).digest('hex');
}

/** A series' hash: its metadata and its cover's bytes (not its chapters, each of which has its own). */
export function seriesHash(
  series: Omit<PlannedSeries, 'hash' | 'chapters' | 'cover' | 'path'>,
  coverDigest: string | null,
): string {
  const metadata = {
    title: series.title,
    type: series.type,
    description: series.description,
    alternativeNames: series.alternativeNames,
    status: series.status,
    genres: series.genres,
    credits: series.credits,
    language: series.language,
    isAdult: series.isAdult,
    readingDirection: series.readingDirection,
    website: series.website,
    releaseYear: series.releaseYear,
    cover: coverDigest,
  };
  return createHash('sha256').update(JSON.stringify(metadata)).digest('hex');
}
