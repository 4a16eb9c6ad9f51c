import multipart from '@fastify/multipart';
import {
  API,
  ARCHIVE_MAX_BYTES,
  bannerInputSchema,
  bannerPatchSchema,
  chapterInputSchema,
  chapterPatchSchema,
  genreInputSchema,
  genreListResponseSchema,
  genreResponseSchema,
  idParamsSchema,
  IMAGE_MAX_BYTES,
  messageResponseSchema,
  pageOrderSchema,
  pageParamsSchema,
  seriesInputSchema,
  seriesPatchSchema,
  teamBannerListResponseSchema,
  teamBannerResponseSchema,
  teamChapterResponseSchema,
  teamSeriesListQuerySchema,
  teamSeriesListResponseSchema,
  teamSeriesResponseSchema,
  UPLOAD_MAX_FILES,
} from '@inkwell/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { TeamCatalogueService } from './team-catalogue.service';
import { readArchiveImages } from '../media/archive';

const tags = ['team: catalogue'];
const TEAM = '/api/omegascans/secure/team';

function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the files as multipart/form-data');
}

/** Every file of a multipart request, in the order sent. Limits are enforced while reading. */
async function readFiles(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }[]> {
  requireMultipart(request);
  const files: { name: string; bytes: Buffer }[] = [];
  for await (const part of request.files()) files.push({ name: part.filename, bytes: await part.toBuffer() });
  return files;
}

async function readOneFile(request: FastifyRequest, label: string, limit = IMAGE_MAX_BYTES): Promise<Buffer> {
  requireMultipart(request);
  const part = await request.file({ limits: { fileSize: limit, files: 1 } });
  if (!part)
    throw new AppError('validation_failed', `Choose ${label}`, {
      fields: { file: `Choose ${label}` },
    });
  return part.toBuffer();
}

/** The team's catalogue calls (DESIGN §4): editors and admins only, checked here on the server. */
export const teamCatalogueRoutes: FastifyPluginAsyncZod<{
  team: TeamCatalogueService;
}> = async (app, { team }) => {
  await app.register(multipart, {
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: UPLOAD_MAX_FILES,
      fields: 20,
      parts: UPLOAD_MAX_FILES + 20,
    },
  });
  app.addHook('preHandler', app.requireRole(['editor', 'admin']));
  const ok = { success: true as const };

  app.get(API.teamSeriesList, {
    schema: {
      tags,
      querystring: teamSeriesListQuerySchema,
      response: { 200: teamSeriesListResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.listSeries(request.query),
    }),
  });
  app.post(API.teamSeriesList, {
    schema: {
      tags,
      body: seriesInputSchema,
      response: { 201: teamSeriesResponseSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send({
        ...ok,
        data: await team.createSeries(request.body),
        message: 'Series created',
      }),
  });
  app.get(`${TEAM}/series/:id`, {
    schema: {
      tags,
      params: idParamsSchema,
      response: { 200: teamSeriesResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.getSeries(request.params.id),
    }),
  });
  app.patch(`${TEAM}/series/:id`, {
    schema: {
      tags,
      params: idParamsSchema,
      body: seriesPatchSchema,
      response: { 200: teamSeriesResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.updateSeries(request.params.id, request.body),
      message: 'Series saved',
    }),
  });
  app.delete(`${TEAM}/series/:id`, {
    schema: {
      tags,
      params: idParamsSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      await team.deleteSeries(request.params.id);
      return { ...ok, message: 'Series deleted' };
    },
  });
  app.put(`${TEAM}/series/:id/cover`, {
    schema: {
      tags,
      summary: 'Upload the cover (multipart, one image)',
      params: idParamsSchema,
      response: { 200: teamSeriesResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.setCover(request.params.id, await readOneFile(request, 'a cover image')),
      message: 'Cover saved',
    }),
  });

  app.post(`${TEAM}/series/:id/chapters`, {
    schema: {
      tags,
      params: idParamsSchema,
      body: chapterInputSchema,
      response: { 201: teamChapterResponseSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send({
        ...ok,
        data: await team.createChapter(request.params.id, request.body),
        message: 'Chapter created',
      }),
  });
  app.get(`${TEAM}/chapters/:id`, {
    schema: {
      tags,
      params: idParamsSchema,
      response: { 200: teamChapterResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.getChapter(request.params.id),
    }),
  });
  app.patch(`${TEAM}/chapters/:id`, {
    schema: {
      tags,
      params: idParamsSchema,
      body: chapterPatchSchema,
      response: { 200: teamChapterResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.updateChapter(request.params.id, request.body),
      message: 'Chapter saved',
    }),
  });
  app.delete(`${TEAM}/chapters/:id`, {
    schema: {
      tags,
      params: idParamsSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      await team.deleteChapter(request.params.id);
      return { ...ok, message: 'Chapter deleted' };
    },
  });
  app.post(`${TEAM}/chapters/:id/pages`, {
    schema: {
      tags,
      summary: 'Append pages (multipart, many images, in order)',
      params: idParamsSchema,
      response: { 200: teamChapterResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.addPages(request.params.id, await readFiles(request)),
      message: 'Pages added',
    }),
  });
  app.put(`${TEAM}/chapters/:id/pages/order`, {
    schema: {
      tags,
      params: idParamsSchema,
      body: pageOrderSchema,
      response: { 200: teamChapterResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.reorderPages(request.params.id, request.body.pageIds),
      message: 'Pages reordered',
    }),
  });
  app.delete(`${TEAM}/chapters/:id/pages/:pageId`, {
    schema: {
      tags,
      params: pageParamsSchema,
      response: { 200: teamChapterResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.removePage(request.params.id, request.params.pageId),
      message: 'Page removed',
    }),
  });
  app.post(`${TEAM}/chapters/:id/archive`, {
    schema: {
      tags,
      summary: "Replace a chapter's pages with the images of a .zip or .cbz",
      params: idParamsSchema,
      response: { 200: teamChapterResponseSchema },
    },
    handler: async (request) => {
      const archive = await readOneFile(request, 'a .zip or .cbz file', ARCHIVE_MAX_BYTES);
      const images = readArchiveImages(archive);
      return {
        ...ok,
        data: await team.addPages(
          request.params.id,
          images.map((image) => ({ name: image.name, bytes: image.bytes })),
          { replace: true },
        ),
        message: `${images.length} pages imported`,
      };
    },
  });

  app.get(API.teamGenres, {
    schema: { tags, response: { 200: genreListResponseSchema } },
    handler: async () => ({ ...ok, data: await team.listGenres() }),
  });
  app.post(API.teamGenres, {
    schema: {
      tags,
      body: genreInputSchema,
      response: { 201: genreResponseSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send({
        ...ok,
        data: await team.createGenre(request.body.name),
        message: 'Genre added',
      }),
  });
  app.patch(`${TEAM}/genres/:id`, {
    schema: {
      tags,
      params: idParamsSchema,
      body: genreInputSchema,
      response: { 200: genreResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.renameGenre(request.params.id, request.body.name),
      message: 'Genre renamed',
    }),
  });
  app.delete(`${TEAM}/genres/:id`, {
    schema: {
      tags,
      params: idParamsSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      await team.deleteGenre(request.params.id);
      return { ...ok, message: 'Genre deleted' };
    },
  });

  app.get(API.teamBanners, {
    schema: { tags, response: { 200: teamBannerListResponseSchema } },
    handler: async () => ({ ...ok, data: await team.listBanners() }),
  });
  app.post(API.teamBanners, {
    schema: {
      tags,
      body: bannerInputSchema,
      response: { 201: teamBannerResponseSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send({
        ...ok,
        data: await team.createBanner(request.body),
        message: 'Banner created',
      }),
  });
  app.patch(`${TEAM}/banners/:id`, {
    schema: {
      tags,
      params: idParamsSchema,
      body: bannerPatchSchema,
      response: { 200: teamBannerResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.updateBanner(request.params.id, request.body),
      message: 'Banner saved',
    }),
  });
  app.put(`${TEAM}/banners/:id/image`, {
    schema: {
      tags,
      summary: 'Upload the banner image (multipart, one image)',
      params: idParamsSchema,
      response: { 200: teamBannerResponseSchema },
    },
    handler: async (request) => ({
      ...ok,
      data: await team.setBannerImage(request.params.id, await readOneFile(request, 'a banner image')),
      message: 'Banner image saved',
    }),
  });
  app.delete(`${TEAM}/banners/:id`, {
    schema: {
      tags,
      params: idParamsSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      await team.deleteBanner(request.params.id);
      return { ...ok, message: 'Banner deleted' };
    },
  });
};
