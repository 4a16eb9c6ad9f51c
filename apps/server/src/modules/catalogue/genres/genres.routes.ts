import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { GenresService } from './genres.service';
import { say } from '../../../lib/say';

/** The team's calls on genres (the public list is the catalogue's). */
export async function genresRoutes(app: FastifyInstance, { genres }: { genres: GenresService }) {
  endpoint(app, 'teamGenres', { handler: async () => ({ success: true, data: await genres.listGenres() }) });
  endpoint(app, 'teamGenreCreate', {
    handler: async (request) => ({
      success: true,
      data: await genres.createGenre(request.body.name),
      message: await say(request, 'apiErrors.success.genreAdded'),
    }),
  });
  endpoint(app, 'teamGenreUpdate', {
    handler: async (request) => ({
      success: true,
      data: await genres.renameGenre(request.params.id, request.body.name),
      message: await say(request, 'apiErrors.success.genreRenamed'),
    }),
  });
  endpoint(app, 'teamGenreDelete', {
    handler: async (request) => {
      await genres.deleteGenre(request.params.id);
      return { success: true, message: await say(request, 'apiErrors.success.genreDeleted') };
    },
  });
}
