import type { ChapterSummary, Credit, CreditRole } from '@inkwell/contract';
import type { Clock } from '../../../lib/clock';
import type { Translate } from '../../../lib/i18n';
import { canReadChapter, type Viewer } from '../../identity/access';
import { downloadPath, FILE_TYPES } from '../downloads';
import { BUY_PAGE_TYPE, chapterLabel, COINS_CURRENCY } from '../opds';
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
    /** Its volume (issue 37 §2), when the source knows it. */
    volume?: number | null | undefined;
  };
  /** Its title when the list mixes series (the new chapters): the series' name with the chapter's. */
  title?: string;
  /** When it last changed for this reader (the new chapters: when it became readable to them). */
  modified?: string;
  /** Who made it (issue 37 §2), when the source knows: its credits as readers see them. */
  credits?: Pick<Credit, 'role' | 'name'>[];
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

/** Readium's contributor fields for each role a credit names; 'other' is a plain contributor. */
const CONTRIBUTOR_FIELDS: Record<CreditRole, string> = {
  writer: 'author',
  artist: 'artist',
  translator: 'translator',
  letterer: 'letterer',
  editor: 'editor',
  other: 'contributor',
};

/**
 * The people of a publication (issue 37 §2): each role's names under its field (`author`,
 * `translator`, …); without credits, the series' author (and a comic's artist) as before.
 */
function peopleOf(credits: PublicationSource['credits'], series: PublicationSource['series'], comic: boolean) {
  if (!credits || credits.length === 0) {
    return {
      ...(series.author ? { author: series.author } : {}),
      ...(comic && series.artist ? { artist: series.artist } : {}),
    };
  }
  const people: Record<string, { name: string }[]> = {};
  for (const credit of credits) {
    const field = CONTRIBUTOR_FIELDS[credit.role];
    people[field] = [...(people[field] ?? []), { name: credit.name }];
  }
  return people;
}

/** One chapter as an OPDS publication: what it is (named in `t`'s language), where it belongs, how to read it or buy it. */
export function publication(
  { publicUrl, clock }: { publicUrl: string; clock: Clock },
  { chapter, series, cover, pages, credits, title, modified }: PublicationSource,
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
    // Priced in coins (XXX: no currency), typed as the page is sent: KOReader downloads any
    // acquisition link of a type it knows exactly (`text/html` would be an HTM of the locked page),
    // and with an indirectAcquisition it would fetch the page as a feed for every locked chapter.
    links.push({
      rel: 'http://opds-spec.org/acquisition/buy',
      href: web,
      type: BUY_PAGE_TYPE,
      properties: {
        price: { value: chapter.price, currency: COINS_CURRENCY },
        'inkwell:price': chapter.price,
        ...(chapter.freeAt ? { 'inkwell:freeAt': chapter.freeAt } : {}),
      },
    });
  }
  return {
    metadata: {
      '@type': comic ? 'http://schema.org/ComicStory' : 'http://schema.org/Book',
      title: title ?? chapterLabel(t, chapter),
      identifier: `urn:uuid:${chapter.id}`,
      modified: modified ?? published,
      published,
      language: chapter.language ?? LANGUAGE,
      ...peopleOf(credits, series, comic),
      belongsTo: {
        series: {
          name: series.title,
          position: chapter.number,
          links: [{ href: `${OPDS2_ROOT}/series/${encodeURIComponent(series.slug)}`, type: FEED_TYPE }],
        },
        // Its volume, as a collection of the series at the volume's number.
        ...(chapter.volume === null || chapter.volume === undefined
          ? {}
          : {
              collection: {
                name: t('feeds.volumes.name', { series: series.title, volume: chapter.volume }),
                position: chapter.volume,
              },
            }),
      },
      ...(comic && pages > 0 ? { numberOfPages: pages } : {}),
    },
    links,
    ...(cover
      ? { images: [{ href: `${publicUrl}${cover.url}`, type: 'image/webp', width: cover.width, height: cover.height }] }
      : {}),
  };
}
