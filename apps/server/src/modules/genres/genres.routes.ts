import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../plugins/endpoint';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { GenresService } from './genres.service';

/** Genres: the public list, and the team's calls. */
export async function genresRoutes(app: FastifyInstance, { genres, catalogue }: { genres: GenresService; catalogue: CatalogueService }) {
  endpoint(app, 'genres', {
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=10');
      return { success: true, data: await catalogue.genres() };
    },
  });
  endpoint(app, 'teamGenres', { handler: async () => ({ success: true, data: await genres.listGenres() }) });
  endpoint(app, 'teamGenreCreate', {
    handler: async (request) => ({ success: true, data: await genres.createGenre(request.body.name), message: 'Genre added' }),
  });
  endpoint(app, 'teamGenreUpdate', {
    handler: async (request) => ({
      success: true,
      data: await genres.renameGenre(request.params.id, request.body.name),
      message: 'Genre renamed',
    }),
  });
  endpoint(app, 'teamGenreDelete', {
    handler: async (request) => {
      await genres.deleteGenre(request.params.id);
      return { success: true, message: 'Genre deleted' };
    },
  });
}
