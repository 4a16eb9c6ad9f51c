import type { ChapterSummary } from '@inkwell/contract';
import type { Clock } from '../../../lib/clock';
import type { Translate } from '../../../lib/i18n';
import { canReadChapter, type Viewer } from '../../identity/access';
import { downloadPath, FILE_TYPES } from '../downloads';
import {
  chapterBase,
  DIVINA_TYPE,
  FEED_TYPE,
  LANGUAGE,
  OPDS2_ROOT,
  PROGRESSION_REL,
  PROGRESSION_TYPE,
  PUBLICATION_TYPE,
  WEBPUB_TYPE,
  type Link,
} from './opds2.format';

/** A chapter as a publication needs it, from a series feed or from the shelf. */
export interface PublicationSource {
  chapter: Pick<ChapterSummary, 'id' | 'slug' | 'number' | 'title' | 'publishedAt' | 'price' | 'freeAt' | 'access'> & {
    /** The chapter's language (issue 35 §2), when the source knows it. */
    language?: string;
  };
  series: { slug: string; title: string; type: 'comic' | 'novel'; author: string; artist: string };
  cover: { url: string; width: number; height: number } | null;
  pages: number;
}

/** How to read a chapter this viewer may read: its manifest, its file and its progression. */
function readLinks(chapter: PublicationSource['chapter'], comic: boolean): Link[] {
  return [
    {
      rel: chapter.access === 'free' ? 'http://opds-spec.org/acquisition/open-access' : 'http://opds-spec.org/acquisition',
      href: `${chapterBase(chapter.id)}/manifest.json`,
      type: comic ? DIVINA_TYPE : WEBPUB_TYPE,
    },
    {
      rel: 'http://opds-spec.org/acquisition',
      href: downloadPath(chapter.id, comic ? 'cbz' : 'epub'),
      type: FILE_TYPES[comic ? 'cbz' : 'epub'],
    },
    { rel: PROGRESSION_REL, href: `${chapterBase(chapter.id)}/progression`, type: PROGRESSION_TYPE },
  ];
}

/** One chapter as an OPDS publication: what it is (named in `t`'s language), where it belongs, how to read it or buy it. */
export function publication(
  { publicUrl, clock }: { publicUrl: string; clock: Clock },
  { chapter, series, cover, pages }: PublicationSource,
  viewer: Viewer,
  t: Translate,
) {
  const canRead = canReadChapter(chapter.access, viewer);
  const comic = series.type === 'comic';
  const web = `${publicUrl}/SeriesView/${encodeURIComponent(series.slug)}/${encodeURIComponent(chapter.slug)}`;
  const published = chapter.publishedAt ?? clock.now().toISOString();
  const links: Link[] = [
    { rel: 'self', href: `${OPDS2_ROOT}/publications/${chapter.id}`, type: PUBLICATION_TYPE },
    { rel: 'alternate', href: web, type: 'text/html' },
  ];
  if (canRead) {
    links.push(...readLinks(chapter, comic));
  } else {
    links.push({
      rel: 'http://opds-spec.org/acquisition/buy',
      href: web,
      type: 'text/html',
      properties: { 'inkwell:price': chapter.price, ...(chapter.freeAt ? { 'inkwell:freeAt': chapter.freeAt } : {}) },
    });
  }
  const people = (name: string) => (name ? { [comic ? 'artist' : 'author']: name } : {});
  return {
    metadata: {
      '@type': comic ? 'http://schema.org/ComicStory' : 'http://schema.org/Book',
      title: chapter.title
        ? t('feeds.chapter.labelTitled', { number: chapter.number, title: chapter.title })
        : t('feeds.chapter.label', { number: chapter.number }),
      identifier: `urn:uuid:${chapter.id}`,
      modified: published,
      published,
      language: chapter.language ?? LANGUAGE,
      ...(series.author ? { author: series.author } : {}),
      ...(comic ? people(series.artist) : {}),
      belongsTo: {
        series: {
          name: series.title,
          position: chapter.number,
          links: [{ href: `${OPDS2_ROOT}/series/${encodeURIComponent(series.slug)}`, type: FEED_TYPE }],
        },
      },
      ...(comic && pages > 0 ? { numberOfPages: pages } : {}),
    },
    links,
    ...(cover
      ? { images: [{ href: `${publicUrl}${cover.url}`, type: 'image/webp', width: cover.width, height: cover.height }] }
      : {}),
  };
}
