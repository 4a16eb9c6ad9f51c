import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../../lib/endpoint';
import type { ChaptersService } from '../chapters.service';
import { say } from '../../../../lib/say';

/**
 * The team's editions of a series and translations of its chapters (issue 35 §2). Audited by the
 * audit hook as every team write is; each write tells every instance, so caches drop the old edition.
 */
export async function editionsRoutes(app: FastifyInstance, { chapters }: { chapters: ChaptersService }) {
  endpoint(app, 'teamSeriesEditions', {
    summary: "A series' editions, the original first, with the chapters each lacks",
    handler: async (request) => ({ success: true, data: { items: await chapters.editions(request.params.id) } }),
  });
  endpoint(app, 'teamSeriesEditionCreate', {
    summary: 'Add a translated edition of a series',
    handler: async (request) => ({
      success: true,
      data: await chapters.createEdition(request.params.id, request.body),
      message: await say(request, 'apiErrors.success.editionAdded'),
    }),
  });
  endpoint(app, 'teamSeriesEditionUpdate', {
    handler: async (request) => ({
      success: true,
      data: await chapters.updateEdition(request.params.id, request.params.language, request.body),
      message: await say(request, 'apiErrors.success.editionSaved'),
    }),
  });
  endpoint(app, 'teamSeriesEditionDelete', {
    summary: 'Remove a translated edition with its chapter translations',
    handler: async (request) => {
      await chapters.deleteEdition(request.params.id, request.params.language);
      return { success: true, message: await say(request, 'apiErrors.success.editionRemoved') };
    },
  });
  endpoint(app, 'teamChapterEditionPut', {
    summary: "Write a chapter's translation: its title and a novel's text",
    handler: async (request) => ({
      success: true,
      data: await chapters.putChapterEdition(request.params.id, request.params.language, request.body),
      message: await say(request, 'apiErrors.success.translationSaved'),
    }),
  });
  endpoint(app, 'teamChapterEditionDelete', {
    handler: async (request) => ({
      success: true,
      data: await chapters.deleteChapterEdition(request.params.id, request.params.language),
      message: await say(request, 'apiErrors.success.translationRemoved'),
    }),
  });
}
