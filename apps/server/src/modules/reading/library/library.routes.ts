import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { describeUserAgent } from '../../../lib/user-agent';
import type { LibraryService } from './library.service';
import type { PlaceDevice } from './places.repository';
import { say } from '../../../lib/say';

/**
 * The browser a place is saved from (issue 39 §1): the id it keeps for itself, named as its
 * session is ("Firefox on Android"); none when it sent no id (an older page still open).
 */
function browserOf(request: FastifyRequest, deviceId: string | undefined): PlaceDevice | undefined {
  if (deviceId === undefined) return undefined;
  const { browser, os } = describeUserAgent(request.headers['user-agent']);
  const name = browser && os ? `${browser} on ${os}` : (browser ?? (os ? `A browser on ${os}` : 'A browser'));
  return { id: deviceId, name, app: 'web' };
}

/** The reader's library (DESIGN §4 Library and community): bookmarks, progress, history. Logged-in only (the endpoint table says so). */
export async function libraryRoutes(app: FastifyInstance, { library }: { library: LibraryService }) {
  endpoint(app, 'bookmarks', {
    // Kept per reader as checked JSON (issue 40): sent as it is, not serialized again.
    prechecked: true,
    summary: 'Followed series with their latest chapter, unread count and where to continue',
    handler: async (request, reply) => {
      return reply.type('application/json; charset=utf-8').send(await library.bookmarksJson(request.viewer, request.query));
    },
  });
  endpoint(app, 'bookmarkAdd', {
    handler: async (request) => ({
      success: true,
      data: await library.bookmark(request.user.id, request.params.seriesId),
      message: await say(request, 'apiErrors.success.bookmarked'),
    }),
  });
  endpoint(app, 'bookmarkRemove', {
    handler: async (request) => ({
      success: true,
      data: await library.unbookmark(request.user.id, request.params.seriesId),
      message: await say(request, 'apiErrors.success.bookmarkRemoved'),
    }),
  });

  endpoint(app, 'progressSave', {
    summary: 'Where the reader is in a chapter (page, or position 0–1); completed stays once reached',
    handler: async (request) => ({
      success: true,
      data: await library.saveProgress(
        request.viewer,
        request.params.chapterId,
        request.body,
        browserOf(request, request.body.deviceId),
      ),
    }),
  });
  endpoint(app, 'chapterPlaces', {
    summary: "Each device's latest place in a chapter, and which one is the browser asking (the reader's own only)",
    handler: async (request) => ({
      success: true,
      data: await library.chapterPlaces(request.user.id, request.params.chapterId, request.query.deviceId),
    }),
  });
  endpoint(app, 'progressMerge', {
    summary: "A visitor's progress kept in the browser, merged into the account on sign-in",
    handler: async (request) => ({ success: true, data: await library.mergeProgress(request.viewer, request.body.entries) }),
  });
  endpoint(app, 'seriesProgress', {
    summary: "The reader's progress in one series: each chapter's place, where to continue, and the bookmark",
    ownRead: ({ viewer, params }) => library.seriesProgress(viewer, params.seriesId),
  });

  endpoint(app, 'history', {
    summary: 'Chapters the reader opened, newest first',
    handler: async (request) => ({ success: true, data: await library.history(request.user.id, request.query) }),
  });
  endpoint(app, 'historyClear', {
    handler: async (request) => {
      await library.clearHistory(request.user.id);
      return { success: true, message: await say(request, 'apiErrors.success.historyCleared') };
    },
  });
  endpoint(app, 'historyRemove', {
    handler: async (request) => {
      await library.clearHistory(request.user.id, request.params.chapterId);
      return { success: true, message: await say(request, 'apiErrors.success.removedFromHistory') };
    },
  });
}
