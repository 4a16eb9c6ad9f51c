import type { Database } from '../../../../db/client';
import type { Clock } from '../../../../lib/clock';
import type { Translate } from '../../../../lib/i18n';
import type { CatalogueService } from '../../../catalogue/catalogue';
import type { DeviceKeyReader, DeviceKeysService } from '../../../identity/device-keys';
import { toImage } from '../../../platform/media';
import { NEW_CHAPTERS_PER_PAGE, newChapters, newChapterTitle, pageCounts } from '../../opds';
import { feedLinks, OPDS2_ROOT, orBack, paged } from '../opds2.format';
import { publication } from '../opds2.publication';

/**
 * `/opds/v2/me/new` (issue 39 §3): the chapters of the series a key's reader follows that they may
 * read now, the latest to become readable first, each a publication with its file (CBZ or EPUB);
 * the same chapters as OPDS 1.2's, read fresh on every request.
 */
export async function newChaptersFeed(
  deps: { db: Database; clock: Clock; publicUrl: string; catalogue: CatalogueService; deviceKeys: DeviceKeysService },
  reader: DeviceKeyReader,
  page: number,
  t: Translate,
) {
  const { items, total, viewer } = await newChapters(deps, reader, page);
  const counts = await pageCounts(
    deps.db,
    items.filter((chapter) => chapter.series.type === 'comic').map((chapter) => chapter.id),
  );
  const pages = paged(`${OPDS2_ROOT}/me/new`, page, NEW_CHAPTERS_PER_PAGE, total);
  const publications = items.map((chapter) =>
    publication(
      deps,
      {
        chapter: {
          ...chapter,
          publishedAt: chapter.publishedAt?.toISOString() ?? null,
          freeAt: chapter.freeAt?.toISOString() ?? null,
        },
        title: newChapterTitle(t, chapter),
        modified: chapter.readableSince.toISOString(),
        series: chapter.series,
        cover: toImage(chapter.series.coverKey, chapter.series.coverWidth, chapter.series.coverHeight),
        pages: counts.get(chapter.id) ?? 0,
      },
      viewer,
      t,
    ),
  );
  return {
    metadata: { title: t('feeds.opds.new.title'), ...pages.metadata },
    links: feedLinks(pages.self, pages.links),
    ...(publications.length > 0 ? { publications } : { navigation: orBack([], t) }),
  };
}
