import type { Translate } from '../../../../lib/i18n';
import { escapeHtml as xml } from '../../../../lib/page-meta';
import type { CatalogueService } from '../../../catalogue/catalogue';
import {
  ACQUISITION,
  feed,
  navEntry,
  NAVIGATION,
  OPDS_ROOT,
  pageLinks,
  seriesEntry,
  SERIES_PER_PAGE,
  type OpdsReader,
  type OpdsSite,
} from '../opds.format';

/** The lists, their words in the catalogues (issue 35 §1: in the site's language or the app's). */
const LISTS = {
  latest: { title: 'feeds.opds.latest.title', summary: 'feeds.opds.latest.summary', filter: {} },
  comics: { title: 'feeds.opds.comics.title', summary: 'feeds.opds.comics.summary', filter: { type: 'comic' as const } },
  novels: { title: 'feeds.opds.novels.title', summary: 'feeds.opds.novels.summary', filter: { type: 'novel' as const } },
  premium: { title: 'feeds.opds.premium.title', summary: 'feeds.opds.premium.summary', filter: { premium: true } },
};
export type ListName = keyof typeof LISTS;

export const isList = (name: string): name is ListName => Object.hasOwn(LISTS, name);

/**
 * The root: the lists, and a signed-in key's own shelves and new chapters. Each entry's id is the
 * absolute address of its feed (RFC 4287 §4.2.6: an atom:id is an absolute IRI).
 */
export function catalogFeed(site: OpdsSite, reader: OpdsReader, t: Translate): string {
  const id = (path: string) => `${site.publicUrl}${path}`;
  const entries = Object.entries(LISTS).map(([name, list]) =>
    navEntry(site, id(`${OPDS_ROOT}/${name}`), t(list.title), `${OPDS_ROOT}/${name}`, t(list.summary)),
  );
  if (reader) {
    entries.push(
      navEntry(
        site,
        id(`${OPDS_ROOT}/me/new`),
        t('feeds.opds.new.title'),
        `${OPDS_ROOT}/me/new`,
        t('feeds.opds.new.summary'),
        ACQUISITION,
      ),
      navEntry(
        site,
        id(`${OPDS_ROOT}/bookmarks`),
        t('feeds.opds.bookmarks.title'),
        `${OPDS_ROOT}/bookmarks`,
        t('feeds.opds.bookmarks.summary'),
      ),
      navEntry(
        site,
        id(`${OPDS_ROOT}/continue`),
        t('feeds.opds.continue.title'),
        `${OPDS_ROOT}/continue`,
        t('feeds.opds.continue.summary'),
      ),
    );
  }
  return feed(site, 'navigation', `${site.publicUrl}${OPDS_ROOT}/catalog`, 'Inkwell', `${OPDS_ROOT}/catalog`, entries);
}

/** OpenSearch: how an app asks for a search, described in `t`'s language. */
export function openSearchDocument({ publicUrl }: OpdsSite, t: Translate): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">` +
    `<ShortName>Inkwell</ShortName><Description>${xml(t('feeds.openSearch.description'))}</Description><InputEncoding>UTF-8</InputEncoding>` +
    `<Url type="${NAVIGATION}" template="${xml(`${publicUrl}${OPDS_ROOT}/search?q={searchTerms}`)}"/></OpenSearchDescription>\n`
  );
}

/** One of the lists, a page at a time. */
export async function listFeed(
  site: OpdsSite & { catalogue: CatalogueService },
  name: ListName,
  page: number,
  t: Translate,
  adult = false,
): Promise<string> {
  const list = LISTS[name];
  const data = await site.catalogue.list({ ...list.filter, sort: 'latest', page, perPage: SERIES_PER_PAGE }, adult);
  const base = `${OPDS_ROOT}/${name}`;
  return feed(
    site,
    'navigation',
    `${site.publicUrl}${base}`,
    t(list.title),
    `${base}?page=${page}`,
    data.items.map((card) => seriesEntry(site, card, t)),
    pageLinks(base, page, data.pagination.totalPages),
  );
}

export async function searchFeed(
  site: OpdsSite & { catalogue: CatalogueService },
  q: string,
  page: number,
  t: Translate,
  adult = false,
): Promise<string> {
  const data = await site.catalogue.list({ q, page, perPage: SERIES_PER_PAGE }, adult);
  const base = `${OPDS_ROOT}/search?q=${encodeURIComponent(q)}`;
  return feed(
    site,
    'navigation',
    `${site.publicUrl}${base}`,
    t('feeds.opds.search.title', { query: q }),
    `${base}&page=${page}`,
    data.items.map((card) => seriesEntry(site, card, t)),
    pageLinks(base, page, data.pagination.totalPages),
  );
}
