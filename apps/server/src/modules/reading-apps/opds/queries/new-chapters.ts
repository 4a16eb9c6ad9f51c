import type { ChapterAccess } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import type { Translate } from '../../../../lib/i18n';
import { escapeHtml as xml } from '../../../../lib/page-meta';
import { canReadChapter, chapterAccess, isTeam } from '../../../identity/access';
import type { CatalogueService } from '../../../catalogue/catalogue';
import type { DeviceKeyReader, DeviceKeysService } from '../../../identity/device-keys';
import { downloadPath, FILE_TYPES } from '../../downloads';
import { toImage } from '../../../platform/media';
import { ACQUISITION, chapterLabel, feed, OPDS_ROOT, pageLinks, type OpdsSite } from '../opds.format';
import { readableNewChapters, type NewChapterRow } from '../opds.repository';

/** New chapters a page: what KOReader's OPDS sync fetches at most by default. */
export const NEW_CHAPTERS_PER_PAGE = 50;

export type NewChaptersDeps = OpdsSite & { db: Database; catalogue: CatalogueService; deviceKeys: DeviceKeysService };

/** A chapter of the new-chapters feed: the row, the access the rule gives it, and since when it is readable. */
export type NewChapter = Omit<NewChapterRow, 'readableSince' | 'unlocked'> & { access: ChapterAccess; readableSince: Date };

/**
 * The chapters of the series a key's reader follows that they may read now (issue 39 §3), the
 * latest to become readable first: a scheduled chapter from its time (or a member's early window),
 * a priced one from its free date, unlock, rental or plan. Read from the database on every request,
 * never kept, so a chapter is here the moment it opens. Every row is checked again with the access
 * rule itself (`chapterAccess`, as the downloads do), so a chapter listed is one whose file answers.
 */
export async function newChapters(deps: NewChaptersDeps, reader: DeviceKeyReader, page: number) {
  const viewer = await deps.deviceKeys.viewerFor(reader);
  const now = deps.clock.now();
  const { rows, total } = await readableNewChapters(
    deps.db,
    {
      userId: reader.userId,
      readsAllForSale: viewer.hasPremiumPass || isTeam(viewer),
      earlyAccess: viewer.earlyAccess ?? new Map(),
      adult: await deps.catalogue.showsAdult(viewer),
    },
    now,
    page,
    NEW_CHAPTERS_PER_PAGE,
  );
  const items: NewChapter[] = [];
  for (const { readableSince, unlocked, ...row } of rows) {
    const asViewer = { ...viewer, unlocked: unlocked ? new Set([row.id]) : viewer.unlocked };
    const access = chapterAccess(row, asViewer, now);
    if (canReadChapter(access, asViewer)) items.push({ ...row, access, readableSince: new Date(readableSince) });
  }
  return { items, total, viewer };
}

/** An entry's title: the series and the chapter, so files of several series never share a name. */
export const newChapterTitle = (t: Translate, chapter: Pick<NewChapter, 'number' | 'title' | 'volume' | 'series'>) =>
  t('feeds.opds.new.entry', { series: chapter.series.title, chapter: chapterLabel(t, chapter) });

/**
 * `/opds/v1.2/me/new`: the key's reader's new chapters, each with its file as the first acquisition
 * link (KOReader's sync downloads an entry's first link of a type it opens, and stops at the link
 * it downloaded last), and nothing else it could take for a download.
 */
export async function newChaptersFeed(deps: NewChaptersDeps, reader: DeviceKeyReader, page: number, t: Translate) {
  const { items, total } = await newChapters(deps, reader, page);
  const base = `${OPDS_ROOT}/me/new`;
  const entries = items.map((chapter) => {
    const format = chapter.series.type === 'comic' ? 'cbz' : 'epub';
    const web = `${deps.publicUrl}/SeriesView/${encodeURIComponent(chapter.series.slug)}/${encodeURIComponent(chapter.slug)}`;
    const cover = toImage(chapter.series.coverKey, chapter.series.coverWidth, chapter.series.coverHeight);
    return (
      `<entry><id>urn:uuid:${chapter.id}</id><title>${xml(newChapterTitle(t, chapter))}</title>` +
      `<updated>${chapter.readableSince.toISOString()}</updated>` +
      (chapter.publishedAt ? `<published>${chapter.publishedAt.toISOString()}</published>` : '') +
      (chapter.series.author ? `<author><name>${xml(chapter.series.author)}</name></author>` : '') +
      `<dc:language>${xml(chapter.language)}</dc:language>` +
      `<content type="text">${xml(`${chapter.series.title}, ${chapterLabel(t, chapter)}`)}</content>` +
      `<link rel="http://opds-spec.org/acquisition" type="${FILE_TYPES[format]}" href="${downloadPath(chapter.id, format)}"/>` +
      (cover
        ? `<link rel="http://opds-spec.org/image/thumbnail" type="image/webp" href="${xml(`${deps.publicUrl}${cover.url}`)}"/>`
        : '') +
      `<link rel="alternate" type="text/html" href="${xml(web)}"/>` +
      `<link rel="collection" type="${ACQUISITION}" href="${OPDS_ROOT}/series/${encodeURIComponent(chapter.series.slug)}"/></entry>`
    );
  });
  const totalPages = Math.max(1, Math.ceil(total / NEW_CHAPTERS_PER_PAGE));
  return feed(deps, 'acquisition', `${deps.publicUrl}${base}`, t('feeds.opds.new.title'), `${base}?page=${page}`, entries, [
    `<link rel="http://opds-spec.org/sort/new" type="${ACQUISITION}" href="${base}"/>`,
    ...pageLinks(base, page, totalPages, ACQUISITION),
  ]);
}
