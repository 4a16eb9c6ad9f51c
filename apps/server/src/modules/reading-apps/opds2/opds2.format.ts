import type { SeriesCard } from '@inkwell/contract';
import { pageInfo } from '../../../db/sql';
import type { Translate } from '../../../lib/i18n';
import type { DeviceKeyReader } from '../../identity/device-keys';

export const OPDS2_ROOT = '/opds/v2';
export const FEED_TYPE = 'application/opds+json';
export const PUBLICATION_TYPE = 'application/opds-publication+json';
export const AUTH_TYPE = 'application/opds-authentication+json';
export const PROGRESSION_TYPE = 'application/opds-progression+json';
export const DIVINA_TYPE = 'application/divina+json';
export const WEBPUB_TYPE = 'application/webpub+json';
export const DIVINA_PROFILE = 'https://readium.org/webpub-manifest/profiles/divina';
export const PROGRESSION_REL = 'http://opds-spec.org/progression';
const AUTH_DOCUMENT_REL = 'http://opds-spec.org/auth/document';
export const SERIES_PER_PAGE = 50;
export const CHAPTERS_PER_PAGE = 100;
export const LANGUAGE = 'en';

export interface Link {
  href: string;
  type?: string;
  rel?: string | string[];
  title?: string;
  templated?: boolean;
  width?: number;
  height?: number;
  properties?: Record<string, unknown>;
}

/** Whoever a request's device key names, or null for a request without one. */
export type OpdsReader = DeviceKeyReader | null;

export const chapterBase = (id: string) => `${OPDS2_ROOT}/chapters/${id}`;

/** The links every feed carries: itself, the start, the search template and the auth document. */
export const feedLinks = (self: string, extra: Link[] = []): Link[] => [
  { rel: 'self', href: self, type: FEED_TYPE },
  { rel: 'start', href: `${OPDS2_ROOT}/catalog`, type: FEED_TYPE },
  { rel: 'search', href: `${OPDS2_ROOT}/search{?query}`, type: FEED_TYPE, templated: true },
  { rel: AUTH_DOCUMENT_REL, href: `${OPDS2_ROOT}/auth`, type: AUTH_TYPE },
  ...extra,
];

/** Numbered pages: the counts in the metadata, first/previous/next/last in the links. */
export const paged = (base: string, page: number, perPage: number, total: number) => {
  const { totalPages } = pageInfo(page, perPage, total);
  const at = (n: number) => `${base}${base.includes('?') ? '&' : '?'}page=${n}`;
  return {
    metadata: { numberOfItems: total, itemsPerPage: perPage, currentPage: page },
    links: [
      { rel: 'first', href: at(1), type: FEED_TYPE },
      ...(page > 1 ? [{ rel: 'previous', href: at(page - 1), type: FEED_TYPE }] : []),
      ...(page < totalPages ? [{ rel: 'next', href: at(page + 1), type: FEED_TYPE }] : []),
      { rel: 'last', href: at(totalPages), type: FEED_TYPE },
    ],
    self: at(page),
  };
};

/** A feed with nothing in it still says where to go, in `t`'s language (the format wants one entry at least). */
export const orBack = (navigation: Link[], t: Translate) =>
  navigation.length > 0 ? navigation : [{ href: `${OPDS2_ROOT}/catalog`, title: t('feeds.opds2.empty'), type: FEED_TYPE }];

export const seriesLink = (card: Pick<SeriesCard, 'slug' | 'title'>): Link => ({
  href: `${OPDS2_ROOT}/series/${encodeURIComponent(card.slug)}`,
  title: card.title,
  type: FEED_TYPE,
  rel: 'subsection',
});

/** The catalogue's lists, each at `/opds/v2/<name>`. */
/** The lists, their titles in the catalogues (issue 35 §1: in the site's language or the app's). */
export const LISTS = {
  latest: { title: 'feeds.opds.latest.title', filter: {} },
  comics: { title: 'feeds.opds.comics.title', filter: { type: 'comic' as const } },
  novels: { title: 'feeds.opds.novels.title', filter: { type: 'novel' as const } },
  premium: { title: 'feeds.opds.premium.title', filter: { premium: true } },
};
export type ListName = keyof typeof LISTS;

export const isList = (name: string): name is ListName => Object.hasOwn(LISTS, name);
