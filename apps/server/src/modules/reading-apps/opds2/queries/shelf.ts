import type { Database } from '../../../../db/client';
import type { Clock } from '../../../../lib/clock';
import type { Translate } from '../../../../lib/i18n';
import type { Viewer } from '../../../identity/access';
import type { DeviceKeyReader, DeviceKeysService } from '../../../identity/device-keys';
import { toImage } from '../../../platform/media';
import { pageCounts } from '../../opds';
import { CHAPTERS_PER_PAGE, feedLinks, OPDS2_ROOT, orBack, paged } from '../opds2.format';
import { publication, type PublicationSource } from '../opds2.publication';
import { shelfPage, type ShelfRow } from '../opds2.repository';

const shelfSource = (row: ShelfRow, viewer: Viewer, pages: Map<string, number>): PublicationSource => ({
  chapter: {
    id: row.id,
    slug: row.slug,
    number: row.number,
    title: row.title,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    price: row.price,
    freeAt: row.freeAt?.toISOString() ?? null,
    // The shelf holds only what the reader may read: unlocked, by their plan, or early as a member.
    access: viewer.userId ? 'unlocked' : 'locked',
  },
  series: row.series,
  cover: toImage(row.series.coverKey, row.series.coverWidth, row.series.coverHeight),
  pages: pages.get(row.id) ?? 0,
});

/** Every chapter the key's reader has unlocked or may read by their plan or membership, newest first. */
export async function shelfFeed(
  deps: { db: Database; clock: Clock; publicUrl: string; deviceKeys: DeviceKeysService },
  reader: DeviceKeyReader,
  page: number,
  t: Translate,
) {
  const { db, clock, deviceKeys } = deps;
  const viewer = await deviceKeys.viewerFor(reader);
  const shelfOf = { userId: reader.userId, hasPremiumPass: viewer.hasPremiumPass, earlyAccess: viewer.earlyAccess };
  const { rows, total } = await shelfPage(db, shelfOf, clock.now(), page, CHAPTERS_PER_PAGE);
  const counts = await pageCounts(
    db,
    rows.filter((row) => row.series.type === 'comic').map((row) => row.id),
  );
  const pages = paged(`${OPDS2_ROOT}/shelf`, page, CHAPTERS_PER_PAGE, total);
  const publications = rows.map((row) => publication(deps, shelfSource(row, viewer, counts), viewer, t));
  return {
    metadata: { title: t('feeds.opds.shelf.title'), ...pages.metadata },
    links: feedLinks(pages.self, pages.links),
    ...(publications.length > 0 ? { publications } : { navigation: orBack([], t) }),
  };
}
