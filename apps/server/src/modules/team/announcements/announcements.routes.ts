import type { FastifyInstance } from 'fastify';
import { uploadedFile } from '../../../lib/uploads';
import { endpoint } from '../../../lib/endpoint';
import type { AnnouncementsService } from './announcements.service';
import { say } from '../../../lib/say';

/** Announcements (DESIGN §4): the public list and pages, and the team's editor. */
export async function announcementsRoutes(app: FastifyInstance, { announcements }: { announcements: AnnouncementsService }) {
  endpoint(app, 'announcements', {
    summary: 'Published announcements, pinned first, then newest',
    handler: async (request, reply) => {
      reply.header('cache-control', 'public, max-age=10');
      return { success: true, data: await announcements.list(request.query.page) };
    },
  });
  endpoint(app, 'announcement', {
    summary: 'One published announcement by its slug',
    handler: async (request, reply) => {
      const data = await announcements.bySlug(request.params.slug);
      reply.header('cache-control', 'public, max-age=10');
      return { success: true, data };
    },
  });

  endpoint(app, 'teamAnnouncements', {
    summary: 'Every announcement (drafts, scheduled, published), searched by title',
    handler: async (request) => ({ success: true, data: await announcements.teamList(request.query) }),
  });
  endpoint(app, 'teamAnnouncementCreate', {
    handler: async (request) => ({
      success: true,
      data: await announcements.create(request.body, request.user?.id ?? null),
      message: await say(request, 'apiErrors.success.announcementCreated'),
    }),
  });
  endpoint(app, 'teamAnnouncement', {
    handler: async (request) => ({ success: true, data: await announcements.get(request.params.id) }),
  });
  endpoint(app, 'teamAnnouncementUpdate', {
    handler: async (request) => ({
      success: true,
      data: await announcements.update(request.params.id, request.body),
      message: await say(request, 'apiErrors.success.announcementSaved'),
    }),
  });
  endpoint(app, 'teamAnnouncementDelete', {
    handler: async (request) => {
      await announcements.remove(request.params.id);
      return { success: true, message: await say(request, 'apiErrors.success.announcementDeleted') };
    },
  });
  endpoint(app, 'teamAnnouncementCover', {
    summary: 'Upload the cover (multipart, one image)',
    handler: async (request) => ({
      success: true,
      data: await announcements.setCover(request.params.id, await uploadedFile(request, 'cover')),
      message: await say(request, 'apiErrors.success.coverSaved'),
    }),
  });
}
