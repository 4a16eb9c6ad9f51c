import type {
  Announcement,
  announcementInputSchema,
  announcementPatchSchema,
  AnnouncementState,
  AnnouncementSummary,
  Pagination,
  TeamAnnouncement,
  TeamAnnouncementSummary,
} from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { pageInfo } from '../../../db/sql';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { conflictOnDuplicate } from '../../../lib/db-errors';
import { excerpt } from '../../../lib/page-meta';
import { htmlToText, sanitizeAnnouncementHtml } from '../../../lib/sanitize';
import { slugify } from '../../../lib/slug';
import { BANNER_MAX_WIDTH, type ImageStore } from '../../platform/media';
import { toAnnouncement, toAnnouncementSummary, toTeamAnnouncement, toTeamAnnouncementSummary } from './announcements.presenter';
import {
  announcementSlugsLike,
  deleteAnnouncement,
  findAnnouncement,
  findPublishedBySlug,
  insertAnnouncement,
  listForTeam,
  listPublished,
  updateAnnouncement,
} from './announcements.repository';
import type { CacheRegistry } from '../../../lib/caches';
import type { EventPublisher } from '../../../lib/domain-events';

const ANNOUNCEMENTS_PER_PAGE = 10;
const TEAM_ANNOUNCEMENTS_PER_PAGE = 20;
/** Public reads are cached like the catalogue's: a change clears them, a scheduled one shows within this. */
export const ANNOUNCEMENTS_CACHE_MS = 10_000;
const EXCERPT_LENGTH = 240;

const SLUG_TAKEN = 'apiErrors.team.announcementSlugTaken';
const NOT_FOUND = 'apiErrors.team.announcementNotFound';

interface Deps {
  db: Database;
  clock: Clock;
  images: ImageStore;
  caches: CacheRegistry;
  events: EventPublisher;
}

/** The sanitized body and its plain-text summary. */
function bodyFields(html: string) {
  const body = sanitizeAnnouncementHtml(html);
  return { body, excerpt: excerpt(htmlToText(body), EXCERPT_LENGTH) };
}

const toDate = (value: string | null) => (value ? new Date(value) : null);

/** Announcements: the public reads (cached) and the team's writes. */
export function createAnnouncementsService({ db, clock, images, caches, events }: Deps) {
  const cache = caches.declare<unknown>({
    name: 'announcements',
    ttlMs: ANNOUNCEMENTS_CACHE_MS,
    bound: 500,
    clearedBy: { 'announcement.changed': 'all' },
  });
  const cached = <T>(key: string, load: () => Promise<T>) => cache.get(key, load) as Promise<T>;
  // After the commit: every instance's lists, and the home pages rendered with them (decision 0033).
  const changed = () => events.publish({ type: 'announcement.changed' });

  async function uniqueSlug(base: string, exceptId?: string): Promise<string> {
    const used = await announcementSlugsLike(db, base, exceptId);
    if (!used.has(base)) return base;
    for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function requireAnnouncement(id: string) {
    const row = await findAnnouncement(db, id);
    if (!row) throw new AppError('announcement_not_found', NOT_FOUND);
    return row;
  }

  return {
    list(page: number): Promise<{ items: AnnouncementSummary[]; pagination: Pagination }> {
      return cached(`list:${page}`, async () => {
        const { rows, total } = await listPublished(db, clock.now(), page, ANNOUNCEMENTS_PER_PAGE);
        return { items: rows.map(toAnnouncementSummary), pagination: pageInfo(page, ANNOUNCEMENTS_PER_PAGE, total) };
      });
    },

    bySlug(slug: string): Promise<Announcement> {
      return cached(`slug:${slug}`, async () => {
        const row = await findPublishedBySlug(db, slug.toLowerCase(), clock.now());
        if (!row) throw new AppError('announcement_not_found', NOT_FOUND);
        return toAnnouncement(row);
      });
    },

    async teamList(query: {
      q?: string;
      state?: AnnouncementState;
      page: number;
    }): Promise<{ items: TeamAnnouncementSummary[]; pagination: Pagination }> {
      const now = clock.now();
      const { rows, total } = await listForTeam(db, { ...query, perPage: TEAM_ANNOUNCEMENTS_PER_PAGE, now });
      return {
        items: rows.map((row) => toTeamAnnouncementSummary(row, now)),
        pagination: pageInfo(query.page, TEAM_ANNOUNCEMENTS_PER_PAGE, total),
      };
    },

    async get(id: string): Promise<TeamAnnouncement> {
      return toTeamAnnouncement(await requireAnnouncement(id), clock.now());
    },

    async create(input: z.output<typeof announcementInputSchema>, authorId: string | null): Promise<TeamAnnouncement> {
      const slug = input.slug ?? (await uniqueSlug(slugify(input.title, 'announcement')));
      try {
        const row = await insertAnnouncement(db, {
          slug,
          title: input.title,
          ...bodyFields(input.body),
          publishedAt: toDate(input.publishedAt),
          pinned: input.pinned,
          authorId,
        });
        changed();
        return toTeamAnnouncement(row, clock.now());
      } catch (error) {
        throw conflictOnDuplicate(error, 'slug', SLUG_TAKEN);
      }
    },

    async update(id: string, patch: z.output<typeof announcementPatchSchema>): Promise<TeamAnnouncement> {
      await requireAnnouncement(id);
      try {
        const row = await updateAnnouncement(db, id, {
          ...(patch.title !== undefined && { title: patch.title }),
          ...(patch.slug !== undefined && { slug: patch.slug }),
          ...(patch.body !== undefined && bodyFields(patch.body)),
          ...(patch.publishedAt !== undefined && { publishedAt: toDate(patch.publishedAt) }),
          ...(patch.pinned !== undefined && { pinned: patch.pinned }),
          updatedAt: clock.now(),
        });
        if (!row) throw new AppError('announcement_not_found', NOT_FOUND);
        changed();
        return toTeamAnnouncement(row, clock.now());
      } catch (error) {
        throw conflictOnDuplicate(error, 'slug', SLUG_TAKEN);
      }
    },

    async setCover(id: string, bytes: Buffer): Promise<TeamAnnouncement> {
      const current = await requireAnnouncement(id);
      const [image] = await images.processAndStore(`announcements/${id}`, bytes, { maxWidth: BANNER_MAX_WIDTH }, 'cover');
      if (!image) throw new AppError('validation_failed', 'apiErrors.coverUnreadable');
      const row = await updateAnnouncement(db, id, {
        coverKey: image.key,
        coverWidth: image.width,
        coverHeight: image.height,
        updatedAt: clock.now(),
      });
      if (!row) {
        await images.forget([image.key]);
        throw new AppError('announcement_not_found', NOT_FOUND);
      }
      changed();
      await images.forget([current.coverKey]);
      return toTeamAnnouncement(row, clock.now());
    },

    async remove(id: string): Promise<void> {
      const row = await deleteAnnouncement(db, id);
      if (!row) throw new AppError('announcement_not_found', NOT_FOUND);
      changed();
      await images.forget([row.coverKey]);
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
