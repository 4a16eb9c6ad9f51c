import {
  API,
  bannerListResponseSchema,
  chapterContentResponseSchema,
  chapterParamsSchema,
  genreListResponseSchema,
  homeResponseSchema,
  SEARCH_RESULT_LIMIT,
  searchQuerySchema,
  searchRawQuerySchema,
  searchResponseSchema,
  seriesDetailResponseSchema,
  seriesListQuerySchema,
  seriesListResponseSchema,
  seriesSlugParamsSchema,
} from '@inkwell/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { CatalogueService } from './catalogue.service';
import { loadViewer } from './viewer';

const tags = ['catalogue'];
const PUBLIC = '/api/public/omegascans/public';
/** Shared caches may keep anonymous catalogue reads briefly; personalised answers are private. */
const SHORT_PUBLIC_CACHE = 'public, max-age=10';

/**
 * The hot reads skip per-request schema serialization: home and lists are checked against the
 * contract when their cache fills, series and chapters come from typed presenters, and the tests
 * check every answer against the contract's response schemas. Visitors get ready-made JSON.
 */
/** Sends JSON that is already serialized. */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
const PLAIN_JSON = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** Public content (DESIGN §4): home, lists, series, chapters, genres, banners and the top bar's search. */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
}> = async (app, { catalogue }) => {
  app.get(API.home, {
    ...PLAIN_JSON,
    schema: {
      tags,
      summary: 'Home page: banners, latest updates, popular, premium picks',
      response: { 200: homeResponseSchema },
    },
    handler: async (_request, reply) => {
      return sendJson(reply.header('cache-control', SHORT_PUBLIC_CACHE), await catalogue.homeJson());
    },
  });

  app.get(API.seriesList, {
    ...PLAIN_JSON,
    schema: {
      tags,
      summary: 'Published series with filters and sorts, paginated',
      querystring: seriesListQuerySchema,
      response: { 200: seriesListResponseSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', SHORT_PUBLIC_CACHE);
      return {
        success: true as const,
        data: await catalogue.list(request.query),
      };
    },
  });

  app.get(`${PUBLIC}/series/:slug`, {
    ...PLAIN_JSON,
    schema: {
      tags,
      summary: "A series with its chapters and the viewer's access to each",
      params: seriesSlugParamsSchema,
      response: { 200: seriesDetailResponseSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      if (!request.user) return sendJson(reply, await catalogue.seriesJsonForVisitor(request.params.slug));
      const viewer = await loadViewer(request.user);
      return { success: true as const, data: await catalogue.series(request.params.slug, viewer) };
    },
  });

  app.get(`${PUBLIC}/series/:slug/chapters/:chapterSlug`, {
    ...PLAIN_JSON,
    schema: {
      tags,
      summary: 'A chapter for the reader; a locked one carries only its price and free date',
      params: chapterParamsSchema,
      response: { 200: chapterContentResponseSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const { slug, chapterSlug } = request.params;
      if (!request.user) return sendJson(reply, await catalogue.chapterJsonForVisitor(slug, chapterSlug));
      const viewer = await loadViewer(request.user);
      return {
        success: true as const,
        data: await catalogue.chapter(slug, chapterSlug, viewer),
      };
    },
  });

  app.get(API.genres, {
    schema: { tags, response: { 200: genreListResponseSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', SHORT_PUBLIC_CACHE);
      return { success: true as const, data: await catalogue.genres() };
    },
  });

  app.get(API.banners, {
    schema: { tags, response: { 200: bannerListResponseSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', SHORT_PUBLIC_CACHE);
      return { success: true as const, data: await catalogue.banners() };
    },
  });

  // SPEC §7: exact path; results ranked over title and alternative names.
  app.get(API.searchSeries, {
    schema: {
      tags,
      summary: 'Search series by title and alternative names',
      querystring: searchRawQuerySchema,
      response: { 200: searchResponseSchema },
    },
    handler: async (request) => {
      // Parsed here so the 400 carries the spec's sentence itself as its message.
      const parsed = searchQuerySchema.safeParse(request.query);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Please enter at least 3 characters to search.';
        throw new AppError('validation_failed', message, {
          fields: { q: message },
        });
      }
      return {
        success: true as const,
        data: {
          results: await catalogue.search(parsed.data.q, SEARCH_RESULT_LIMIT),
        },
      };
    },
  });
};
