import type {
  Announcement,
  AnnouncementState,
  AnnouncementSummary,
  TeamAnnouncement,
  TeamAnnouncementSummary,
} from '@inkwell/contract';
import { toImage } from '../../platform/media';
import type { AnnouncementRow, AnnouncementSummaryRow } from './announcements.repository';

/** Draft without a date, scheduled before it, published from it on. */
function stateOf(publishedAt: Date | null, now: Date): AnnouncementState {
  if (!publishedAt) return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}

export function toAnnouncementSummary(row: AnnouncementSummaryRow): AnnouncementSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    cover: toImage(row.coverKey, row.coverWidth, row.coverHeight),
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    pinned: row.pinned,
  };
}

export function toAnnouncement(row: AnnouncementRow): Announcement {
  return { ...toAnnouncementSummary(row), body: row.body };
}

export function toTeamAnnouncementSummary(row: AnnouncementSummaryRow, now: Date): TeamAnnouncementSummary {
  return {
    ...toAnnouncementSummary(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    state: stateOf(row.publishedAt, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTeamAnnouncement(row: AnnouncementRow, now: Date): TeamAnnouncement {
  return { ...toTeamAnnouncementSummary(row, now), body: row.body };
}
