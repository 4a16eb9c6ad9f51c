import type { Credit, SeriesCard } from '@inkwell/contract';
import type { Clock } from '../../../lib/clock';
import type { Translate } from '../../../lib/i18n';
import { escapeHtml as xml } from '../../../lib/page-meta';
import type { DeviceKeyReader } from '../../identity/device-keys';

export const OPDS_ROOT = '/opds/v1.2';
export const PSE_NAMESPACE = 'http://vaemendis.net/opds-pse/ns';
const INKWELL_NAMESPACE = 'urn:inkwell:feeds:1';
export const NAVIGATION = 'application/atom+xml;profile=opds-catalog;kind=navigation';
export const ACQUISITION = 'application/atom+xml;profile=opds-catalog;kind=acquisition';
/** A price in coins: ISO 4217's code for "no currency" (OPDS 1.2 wants a code; coins have none). */
export const COINS_CURRENCY = 'XXX';
/** The site's pages as they are sent: a buy link's type. */
export const BUY_PAGE_TYPE = 'text/html; charset=utf-8';
/** Series per page of a list, chapters per page of a series' feed. */
export const SERIES_PER_PAGE = 50;
export const CHAPTERS_PER_PAGE = 100;

/** Who asks: nobody (public feeds), or the reader a device key signs in as. */
export type OpdsReader = DeviceKeyReader | null;

/** What the feeds are written with: the time they are made, and the site's public address. */
export interface OpdsSite {
  clock: Clock;
  publicUrl: string;
}

export const feed = (
  { clock }: OpdsSite,
  kind: 'navigation' | 'acquisition',
  id: string,
  title: string,
  self: string,
  body: string[],
  links: string[] = [],
) =>
  `<?xml version="1.0" encoding="utf-8"?>\n` +
  `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opds="http://opds-spec.org/2010/catalog" xmlns:pse="${PSE_NAMESPACE}" xmlns:inkwell="${INKWELL_NAMESPACE}" xmlns:dc="http://purl.org/dc/terms/">` +
  `<id>${xml(id)}</id><title>${xml(title)}</title><updated>${clock.now().toISOString()}</updated><author><name>Inkwell</name></author>` +
  `<link rel="self" type="${kind === 'navigation' ? NAVIGATION : ACQUISITION}" href="${xml(self)}"/>` +
  `<link rel="start" type="${NAVIGATION}" href="${OPDS_ROOT}/catalog"/>` +
  `<link rel="search" type="application/opensearchdescription+xml" href="${OPDS_ROOT}/search.xml"/>` +
  links.join('') +
  body.join('') +
  `</feed>\n`;

export const navEntry = ({ clock }: OpdsSite, id: string, title: string, href: string, summary: string, type = NAVIGATION) =>
  `<entry><id>${xml(id)}</id><title>${xml(title)}</title><updated>${clock.now().toISOString()}</updated>` +
  `<content type="text">${xml(summary)}</content><link rel="subsection" type="${type}" href="${xml(href)}"/></entry>`;

/** A series' status in the app's language (SPEC §3: a value of no known status is shown as given). */
const STATUSES: Record<string, string> = {
  ongoing: 'feeds.status.ongoing',
  completed: 'feeds.status.completed',
  hiatus: 'feeds.status.hiatus',
  cancelled: 'feeds.status.cancelled',
  canceled: 'feeds.status.cancelled',
};
const statusText = (t: Translate, status: string | null | undefined) => {
  if (!status?.trim()) return t('feeds.status.unknown');
  const id = STATUSES[status.toLowerCase()];
  return id ? t(id) : status;
};

/** "Chapter 12" or "Chapter 12: The Storm", in the app's language; "Vol. 2 · Chapter 12" in a volume (issue 37 §2). */
export const chapterLabel = (t: Translate, chapter: { number: number; title: string; volume?: number | null | undefined }) => {
  const label = chapter.title
    ? t('feeds.chapter.labelTitled', { number: chapter.number, title: chapter.title })
    : t('feeds.chapter.label', { number: chapter.number });
  return chapter.volume === null || chapter.volume === undefined
    ? label
    : t('feeds.volumes.label', { volume: chapter.volume, chapter: label });
};

/**
 * A chapter's people as an entry names them (issue 37 §2): its writers as atom:author, everyone
 * else as atom:contributor with their role (`inkwell:role`: artist, translator, letterer, editor, other).
 */
export const peopleOf = (credits: readonly Pick<Credit, 'role' | 'name'>[]) =>
  credits
    .map((credit) =>
      credit.role === 'writer'
        ? `<author><name>${xml(credit.name)}</name></author>`
        : `<contributor inkwell:role="${credit.role}"><name>${xml(credit.name)}</name></contributor>`,
    )
    .join('');

/** A series as an entry of a list: its cover, what it is (in `t`'s language), and a link to its chapters. */
export const seriesEntry = ({ clock, publicUrl }: OpdsSite, card: SeriesCard, t: Translate) => {
  const cover = card.cover ? `${publicUrl}${card.cover.url}` : null;
  const status = statusText(t, card.status);
  const kind = card.type === 'comic' ? t('feeds.opds.entry.comic', { status }) : t('feeds.opds.entry.novel', { status });
  return (
    `<entry><id>urn:uuid:${card.id}</id><title>${xml(card.title)}</title><updated>${card.lastChapterAt ?? clock.now().toISOString()}</updated>` +
    `<content type="text">${xml(kind)}</content>` +
    (cover
      ? `<link rel="http://opds-spec.org/image" type="image/webp" href="${xml(cover)}"/><link rel="http://opds-spec.org/image/thumbnail" type="image/webp" href="${xml(cover)}"/>`
      : '') +
    `<link rel="subsection" type="${ACQUISITION}" href="${OPDS_ROOT}/series/${encodeURIComponent(card.slug)}"/></entry>`
  );
};

/** first/previous/next/last of a paged feed, of the feed's own kind. */
export const pageLinks = (base: string, page: number, totalPages: number, type = NAVIGATION) => {
  const at = (n: number) => `${base}${base.includes('?') ? '&' : '?'}page=${n}`;
  return [
    `<link rel="first" type="${type}" href="${xml(at(1))}"/>`,
    ...(page > 1 ? [`<link rel="previous" type="${type}" href="${xml(at(page - 1))}"/>`] : []),
    ...(page < totalPages ? [`<link rel="next" type="${type}" href="${xml(at(page + 1))}"/>`] : []),
    `<link rel="last" type="${type}" href="${xml(at(Math.max(1, totalPages)))}"/>`,
  ];
};
