import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import type { Viewer } from '../../../identity/access';
import { pagesOfChapter } from '../../../catalogue/chapters';
import type { DeviceKeysService } from '../../../identity/device-keys';
import { chapterXhtml, storedAppImage, type DownloadsService } from '../../downloads';
import type { MediaStorage } from '../../../platform/media';
import {
  chapterBase,
  DIVINA_PROFILE,
  DIVINA_TYPE,
  LANGUAGE,
  PROGRESSION_REL,
  PROGRESSION_TYPE,
  WEBPUB_TYPE,
  type OpdsReader,
} from '../opds2.format';

/** A chapter this viewer may read whole, with its pages when it is a comic (402 otherwise). */
export async function readableChapter(
  { db, downloads }: { db: Database; downloads: DownloadsService },
  chapterId: string,
  viewer: Viewer,
) {
  const found = await downloads.readable(chapterId, viewer);
  const pages = found.chapter.series.type === 'comic' ? await pagesOfChapter(db, found.chapter.id) : [];
  return { ...found, pages };
}

/** The chapter's Readium manifest: its pages in order (Divina) or its text (WebPub). */
export async function chapterManifest(
  deps: { db: Database; publicUrl: string; downloads: DownloadsService; deviceKeys: DeviceKeysService },
  chapterId: string,
  reader: OpdsReader,
) {
  const viewer = await deps.deviceKeys.viewerFor(reader);
  const { chapter, content, pages } = await readableChapter(deps, chapterId, viewer);
  const base = chapterBase(chapter.id);
  const comic = chapter.series.type === 'comic';
  const type = comic ? DIVINA_TYPE : WEBPUB_TYPE;
  const scale = (page: { width: number; height: number }) => {
    const width = Math.min(page.width, 4000);
    return { width, height: Math.round((page.height * width) / page.width) };
  };
  return {
    type,
    body: {
      '@context': 'https://readium.org/webpub-manifest/context.jsonld',
      metadata: {
        '@type': comic ? 'http://schema.org/ComicStory' : 'http://schema.org/Book',
        ...(comic ? { conformsTo: DIVINA_PROFILE } : {}),
        title: `${chapter.series.title}, chapter ${chapter.number}${chapter.title ? `: ${chapter.title}` : ''}`,
        identifier: `urn:uuid:${chapter.id}`,
        language: LANGUAGE,
        ...(chapter.publishedAt ? { modified: chapter.publishedAt.toISOString() } : {}),
        // A manga's pages turn right to left (issue 37).
        readingProgression: comic ? (content.series.readingDirection ?? 'ltr') : 'ltr',
        ...(comic ? { numberOfPages: pages.length } : {}),
        belongsTo: { series: { name: chapter.series.title, position: chapter.number } },
      },
      links: [
        { rel: 'self', href: `${deps.publicUrl}${base}/manifest.json`, type },
        { rel: PROGRESSION_REL, href: `${base}/progression`, type: PROGRESSION_TYPE },
      ],
      readingOrder: comic
        ? pages.map((page, index) => ({ href: `${base}/pages/${index}`, type: 'image/jpeg', ...scale(page) }))
        : [{ href: `${base}/text.xhtml`, type: 'application/xhtml+xml', title: `Chapter ${chapter.number}` }],
    },
  };
}

/** A page of a comic chapter, as its manifest names it (JPEG); reading it moves nothing. */
export async function chapterPage(
  deps: { db: Database; storage: MediaStorage; downloads: DownloadsService; deviceKeys: DeviceKeysService },
  chapterId: string,
  index: number,
  reader: OpdsReader,
) {
  const viewer = await deps.deviceKeys.viewerFor(reader);
  const { pages } = await readableChapter(deps, chapterId, viewer);
  const page = pages[index];
  if (!page) throw new AppError('not_found', 'apiErrors.readingApps.pagesRange', { values: { last: pages.length - 1 } });
  const image = await storedAppImage(deps.storage, page, undefined, { jpegOnly: true });
  if (!image) throw new AppError('not_found', 'apiErrors.readingApps.pageImageMissing');
  return image;
}

/** A novel chapter's text, as its manifest names it: the EPUB's own XHTML, paragraphs numbered. */
export async function chapterText(
  deps: { db: Database; downloads: DownloadsService; deviceKeys: DeviceKeysService },
  chapterId: string,
  reader: OpdsReader,
) {
  const viewer = await deps.deviceKeys.viewerFor(reader);
  const { chapter, content, url } = await readableChapter(deps, chapterId, viewer);
  if (chapter.series.type !== 'novel') throw new AppError('not_found', 'apiErrors.readingApps.readByPages');
  return chapterXhtml({
    id: chapter.id,
    series: { title: chapter.series.title, author: chapter.series.author },
    chapter: { number: chapter.number, title: chapter.title, url, publishedAt: chapter.publishedAt?.toISOString() ?? null },
    language: LANGUAGE,
    html: content.content ?? '',
  });
}
