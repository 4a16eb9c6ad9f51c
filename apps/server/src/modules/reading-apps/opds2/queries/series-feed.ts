import type { Database } from '../../../../db/client';
import type { Clock } from '../../../../lib/clock';
import type { Translate } from '../../../../lib/i18n';
import type { CatalogueService } from '../../../catalogue/catalogue';
import type { DeviceKeysService } from '../../../identity/device-keys';
import type { DownloadsService } from '../../downloads';
import { pageCounts } from '../../opds';
import { CHAPTERS_PER_PAGE, feedLinks, OPDS2_ROOT, orBack, paged, type OpdsReader } from '../opds2.format';
import { publication } from '../opds2.publication';

/** A series' chapters, oldest first, as publications, a hundred to a page. */
export async function seriesFeed(
  deps: { db: Database; clock: Clock; publicUrl: string; catalogue: CatalogueService; deviceKeys: DeviceKeysService },
  slug: string,
  reader: OpdsReader,
  page: number,
  t: Translate,
) {
  const { db, publicUrl, catalogue, deviceKeys } = deps;
  const viewer = await deviceKeys.viewerFor(reader);
  const detail = await catalogue.series(slug, viewer);
  const chapters = await catalogue.chapters(slug, viewer, {
    order: 'asc',
    limit: CHAPTERS_PER_PAGE,
    forSale: false,
    offset: (page - 1) * CHAPTERS_PER_PAGE,
  });
  const [counts, creditsOf] = await Promise.all([
    detail.type === 'comic'
      ? pageCounts(
          db,
          chapters.items.map((chapter) => chapter.id),
        )
      : new Map<string, number>(),
    catalogue.chapterCredits(detail.id),
  ]);
  const pages = paged(`${OPDS2_ROOT}/series/${encodeURIComponent(detail.slug)}`, page, CHAPTERS_PER_PAGE, chapters.total);
  const publications = chapters.items.map((chapter) =>
    publication(
      deps,
      { chapter, series: detail, cover: detail.cover, pages: counts.get(chapter.id) ?? 0, credits: creditsOf(chapter.id) },
      viewer,
      t,
    ),
  );
  return {
    metadata: { title: detail.title, ...(detail.description ? { description: detail.description } : {}), ...pages.metadata },
    links: feedLinks(pages.self, [
      ...pages.links,
      { rel: 'alternate', href: `${publicUrl}/SeriesView/${encodeURIComponent(detail.slug)}`, type: 'text/html' },
    ]),
    ...(publications.length > 0 ? { publications } : { navigation: orBack([], t) }),
  };
}

/** One chapter's publication, for its `self` link. */
export async function chapterPublication(
  deps: {
    db: Database;
    clock: Clock;
    publicUrl: string;
    catalogue: CatalogueService;
    downloads: DownloadsService;
    deviceKeys: DeviceKeysService;
  },
  chapterId: string,
  reader: OpdsReader,
  t: Translate,
) {
  const { db, catalogue, downloads, deviceKeys } = deps;
  const viewer = await deviceKeys.viewerFor(reader);
  const ref = await downloads.describeChapter(chapterId);
  const [detail, content, counts] = await Promise.all([
    catalogue.series(ref.series.slug, viewer),
    catalogue.chapter(ref.series.slug, ref.slug, viewer),
    pageCounts(db, [ref.id]),
  ]);
  return publication(
    deps,
    {
      chapter: content.chapter,
      series: detail,
      cover: detail.cover,
      pages: counts.get(ref.id) ?? 0,
      credits: content.credits ?? [],
    },
    viewer,
    t,
  );
}
