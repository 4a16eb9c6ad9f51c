import { ARCHIVE_MAX_BYTES } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import { uploadedFile } from '../../../lib/uploads';
import { endpoint } from '../../../lib/endpoint';
import { listArchiveImages } from '../../platform/media';
import { auditOf } from '../../team/audit';
import type { ChaptersService } from './chapters.service';
import { uploadedPages } from './editions/edition-uploads';
import { editionsRoutes } from './editions/editions.routes';
import { say } from '../../../lib/say';

/** The team's chapter and page calls (DESIGN §4). */
export async function chaptersRoutes(app: FastifyInstance, { chapters }: { chapters: ChaptersService }) {
  endpoint(app, 'teamChapterCreate', {
    handler: async (request) => ({
      success: true,
      data: await chapters.createChapter(request.params.id, request.body),
      message: await say(request, 'apiErrors.success.chapterCreated'),
    }),
  });
  endpoint(app, 'teamChapter', {
    handler: async (request) => ({ success: true, data: await chapters.getChapter(request.params.id) }),
  });
  endpoint(app, 'teamChapterUpdate', {
    handler: async (request) => ({
      success: true,
      data: await chapters.updateChapter(request.params.id, request.body, auditOf(request)),
      message: await say(request, 'apiErrors.success.chapterSaved'),
    }),
  });
  endpoint(app, 'teamChaptersRenumber', {
    summary: 'Move a range of chapters into a volume, shift their numbers, or both, at once',
    handler: async (request) => {
      const data = await chapters.renumber(request.params.id, request.body, auditOf(request));
      return {
        success: true,
        data,
        message: await say(request, 'apiErrors.success.chaptersRenumbered', { count: data.changed }),
      };
    },
  });
  endpoint(app, 'teamChapterDelete', {
    handler: async (request) => {
      await chapters.deleteChapter(request.params.id);
      return { success: true, message: await say(request, 'apiErrors.success.chapterDeleted') };
    },
  });
  endpoint(app, 'teamChapterPagesAdd', {
    summary: "Append pages (multipart, many images, in order); a `language` field first makes them that edition's",
    handler: async (request) => {
      const { language, files } = await uploadedPages(request);
      return {
        success: true,
        data: (await chapters.addPages(request.params.id, files, { language })).chapter,
        message: await say(request, 'apiErrors.success.pagesAdded'),
      };
    },
  });
  endpoint(app, 'teamChapterPageOrder', {
    handler: async (request) => ({
      success: true,
      data: await chapters.reorderPages(request.params.id, request.body.pageIds),
      message: await say(request, 'apiErrors.success.pagesReordered'),
    }),
  });
  endpoint(app, 'teamChapterPageDelete', {
    handler: async (request) => ({
      success: true,
      data: await chapters.removePage(request.params.id, request.params.pageId),
      message: await say(request, 'apiErrors.success.pageRemoved'),
    }),
  });
  endpoint(app, 'teamChapterArchive', {
    summary: "Replace a chapter's pages with the images of a .zip or .cbz",
    handler: async (request) => {
      const archive = await uploadedFile(request, 'archive', ARCHIVE_MAX_BYTES);
      const { chapter, added } = await chapters.addPages(request.params.id, await listArchiveImages(archive), { replace: true });
      return { success: true, data: chapter, message: await say(request, 'apiErrors.success.pagesImported', { count: added }) };
    },
  });
  await editionsRoutes(app, { chapters });
}
