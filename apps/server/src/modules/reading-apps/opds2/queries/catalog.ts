import type { Translate } from '../../../../lib/i18n';
import type { CatalogueService } from '../../../catalogue/catalogue';
import {
  FEED_TYPE,
  feedLinks,
  LISTS,
  OPDS2_ROOT,
  orBack,
  paged,
  SERIES_PER_PAGE,
  seriesLink,
  type Link,
  type ListName,
  type OpdsReader,
} from '../opds2.format';

/** The Authentication for OPDS document, in `t`'s language: Basic, with the username and a device key. */
export function authDocument({ publicUrl }: { publicUrl: string }, t: Translate) {
  return {
    id: `${publicUrl}${OPDS2_ROOT}/auth`,
    title: 'Inkwell',
    description: t('feeds.opds2.auth.description'),
    links: [{ rel: 'help', href: `${publicUrl}/profile/devices`, type: 'text/html' }],
    authentication: [
      {
        type: 'http://opds-spec.org/auth/basic',
        labels: { login: t('feeds.opds2.auth.login'), password: t('feeds.opds2.auth.password') },
      },
    ],
  };
}

/** The root: the lists and a key's shelf to navigate, and the newest series as a group. */
export async function catalogFeed(
  { catalogue }: { catalogue: CatalogueService },
  reader: OpdsReader,
  t: Translate,
  adult = false,
) {
  const latest = await catalogue.list({ sort: 'latest', page: 1, perPage: 12 }, adult);
  const navigation: Link[] = Object.entries(LISTS).map(([name, list]) => ({
    href: `${OPDS2_ROOT}/${name}`,
    title: t(list.title),
    type: FEED_TYPE,
    rel: 'subsection',
  }));
  if (reader)
    navigation.push(
      { href: `${OPDS2_ROOT}/me/new`, title: t('feeds.opds.new.title'), type: FEED_TYPE, rel: 'http://opds-spec.org/sort/new' },
      { href: `${OPDS2_ROOT}/shelf`, title: t('feeds.opds.shelf.title'), type: FEED_TYPE, rel: 'subsection' },
    );
  return {
    metadata: { title: 'Inkwell' },
    links: feedLinks(`${OPDS2_ROOT}/catalog`),
    navigation,
    ...(latest.items.length > 0
      ? {
          groups: [
            {
              metadata: { title: t('feeds.opds.latest.title'), numberOfItems: latest.pagination.total },
              links: [{ rel: 'self', href: `${OPDS2_ROOT}/latest`, type: FEED_TYPE }],
              navigation: latest.items.map(seriesLink),
            },
          ],
        }
      : {}),
  };
}

/** One of the catalogue's lists as a navigation feed, fifty series to a page. */
export async function listFeed(
  { catalogue }: { catalogue: CatalogueService },
  name: ListName,
  page: number,
  t: Translate,
  adult = false,
) {
  const list = LISTS[name];
  const data = await catalogue.list({ ...list.filter, sort: 'latest', page, perPage: SERIES_PER_PAGE }, adult);
  const pages = paged(`${OPDS2_ROOT}/${name}`, page, SERIES_PER_PAGE, data.pagination.total);
  return {
    metadata: { title: t(list.title), ...pages.metadata },
    links: feedLinks(pages.self, pages.links),
    navigation: orBack(data.items.map(seriesLink), t),
  };
}

/** The series a search finds, as a navigation feed, fifty to a page. */
export async function searchFeed(
  { catalogue }: { catalogue: CatalogueService },
  query: string,
  page: number,
  t: Translate,
  adult = false,
) {
  const data = await catalogue.list({ q: query, page, perPage: SERIES_PER_PAGE }, adult);
  const pages = paged(`${OPDS2_ROOT}/search?query=${encodeURIComponent(query)}`, page, SERIES_PER_PAGE, data.pagination.total);
  return {
    metadata: { title: t('feeds.opds.search.title', { query }), ...pages.metadata },
    links: feedLinks(pages.self, pages.links),
    navigation: orBack(data.items.map(seriesLink), t),
  };
}
