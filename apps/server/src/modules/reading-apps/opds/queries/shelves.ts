import type { Translate } from '../../../../lib/i18n';
import type { DeviceKeyReader, DeviceKeysService } from '../../../identity/device-keys';
import type { LibraryService } from '../../../reading/library';
import { ACQUISITION, feed, navEntry, OPDS_ROOT, pageLinks, SERIES_PER_PAGE, type OpdsSite } from '../opds.format';

type ShelfDeps = OpdsSite & { library: LibraryService; deviceKeys: DeviceKeysService };

/** One of a key's reader's shelves: their series, each with a line on where they stand. */
function shelfFeed(
  site: OpdsSite,
  name: 'bookmarks' | 'continue',
  title: string,
  shelf: { series: { id: string; slug: string; title: string }; summary: string }[],
  page: number,
  totalPages: number,
) {
  const base = `${OPDS_ROOT}/${name}`;
  const entries = shelf.map(({ series, summary }) =>
    navEntry(
      site,
      `urn:uuid:${series.id}`,
      series.title,
      `${OPDS_ROOT}/series/${encodeURIComponent(series.slug)}`,
      summary,
      ACQUISITION,
    ),
  );
  return feed(
    site,
    'navigation',
    `${site.publicUrl}${base}`,
    title,
    `${base}?page=${page}`,
    entries,
    pageLinks(base, page, totalPages),
  );
}

/** The series a key's reader follows, in `t`'s language. */
export async function bookmarksFeed(deps: ShelfDeps, reader: DeviceKeyReader, page: number, t: Translate): Promise<string> {
  const data = await deps.library.bookmarks(await deps.deviceKeys.viewerFor(reader), { sort: 'updated', page });
  const shelf = data.items.map((item) => ({
    series: item.series,
    summary: item.unreadCount > 0 ? t('feeds.opds.shelf.unread', { count: item.unreadCount }) : t('feeds.opds.shelf.upToDate'),
  }));
  return shelfFeed(deps, 'bookmarks', t('feeds.opds.bookmarks.title'), shelf, page, data.pagination.totalPages);
}

/** The series a key's reader has opened lately, with where they are, in `t`'s language. */
export async function continueFeed(deps: ShelfDeps, reader: DeviceKeyReader, page: number, t: Translate): Promise<string> {
  const data = await deps.library.history(reader.userId, { by: 'series', page, perPage: SERIES_PER_PAGE });
  const shelf = data.items.map((item) => ({
    series: item.series,
    summary: item.continue
      ? t('feeds.opds.shelf.continueChapter', { number: item.continue.chapterNumber })
      : t('feeds.opds.shelf.readChapter', { number: item.chapter.number }),
  }));
  return shelfFeed(deps, 'continue', t('feeds.opds.continue.title'), shelf, page, data.pagination.totalPages);
}
