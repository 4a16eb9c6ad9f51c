import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { parseInput } from '../../../lib/validation-messages';
import type { DeviceKeysService } from '../../identity/device-keys';
import { OPDS_ROOT } from './opds.format';
import type { OpdsService } from './opds.service';
import { translatorFor, type ReaderLanguages } from '../../../lib/i18n';

const NAVIGATION = 'application/atom+xml;profile=opds-catalog;kind=navigation;charset=utf-8';
const ACQUISITION = 'application/atom+xml;profile=opds-catalog;kind=acquisition;charset=utf-8';
const CHALLENGE = 'Basic realm="Inkwell", charset="UTF-8"';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const searchQuery = pageQuery.extend({ q: z.string().trim().min(3, 'Search with at least 3 characters').max(100) });
const seriesQuery = z.object({ after: z.coerce.number().min(0).max(1_000_000).optional() });
const pageParams = z.object({
  id: z.uuid({ error: 'validation.unknownChapter' }),
  page: z.coerce.number().int().min(0).max(100_000),
});
const maxWidthQuery = z.object({ maxWidth: z.coerce.number().int().min(16).max(10_000).optional() });

/**
 * /opds/v1.2 (issue 19 §2). Public feeds need no key; with HTTP Basic (the username and a device
 * key, never the password) the feeds and pages are the key's reader's: their unlocks, their
 * shelves, their place. A wrong key is a 401 with the Basic challenge, so the app asks again.
 */
export async function opdsRoutes(
  app: FastifyInstance,
  {
    opds,
    deviceKeys,
    languages,
  }: { opds: OpdsService; deviceKeys: DeviceKeysService; languages: Pick<ReaderLanguages, 'ofRequest'> },
) {
  const readerOf = (request: FastifyRequest) => deviceKeys.fromBasic(request);
  /** The words of the language the app names (Accept-Language: apps rarely keep cookies), else the site's. */
  const wordsFor = async (request: FastifyRequest) => translatorFor(await languages.ofRequest(request));

  // Each answer is the reader's own (or a visitor's): never kept by a shared cache.
  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.type(type).header('cache-control', 'private, no-cache').header('vary', 'authorization, accept-language').send(body);

  // A 401 on these routes asks for Basic credentials, as OPDS apps expect.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(OPDS_ROOT) && reply.statusCode === 401) reply.header('www-authenticate', CHALLENGE);
    return payload;
  });

  app.get(`${OPDS_ROOT}/catalog`, { schema: { hide: true } }, async (request, reply) =>
    send(reply, NAVIGATION, opds.catalog(await readerOf(request), await wordsFor(request))),
  );

  app.get(`${OPDS_ROOT}/search.xml`, { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/opensearchdescription+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'accept-language, cookie')
      .send(opds.openSearch(await wordsFor(request))),
  );

  app.get(`${OPDS_ROOT}/search`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { q, page } = parseInput(searchQuery, request.query);
    return send(reply, NAVIGATION, await opds.search(q, page, await wordsFor(request), reader));
  });

  // The key's reader's new chapters (issue 39 §3): what an e-reader's OPDS sync downloads.
  app.get(`${OPDS_ROOT}/me/new`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    if (!reader) throw new AppError('unauthorized', 'apiErrors.readingApps.signInWithKey');
    const { page } = parseInput(pageQuery, request.query);
    return send(reply, ACQUISITION, await opds.newChapters(reader, page, await wordsFor(request)));
  });

  app.get<{ Params: { list: string } }>(`${OPDS_ROOT}/:list`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { page } = parseInput(pageQuery, request.query);
    const { list } = request.params;
    if (list === 'bookmarks' || list === 'continue') {
      if (!reader) throw new AppError('unauthorized', 'apiErrors.readingApps.shelvesNeedKey');
      const t = await wordsFor(request);
      return send(
        reply,
        NAVIGATION,
        list === 'bookmarks' ? await opds.bookmarks(reader, page, t) : await opds.continueReading(reader, page, t),
      );
    }
    if (!opds.isList(list)) throw new AppError('not_found', 'apiErrors.readingApps.noSuchFeed');
    return send(reply, NAVIGATION, await opds.list(list, page, await wordsFor(request), reader));
  });

  app.get<{ Params: { slug: string } }>(`${OPDS_ROOT}/series/:slug`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { after } = parseInput(seriesQuery, request.query);
    return send(reply, ACQUISITION, await opds.series(request.params.slug, reader, after, await wordsFor(request)));
  });

  // Anything else under /opds is no feed: a 404 an app understands, not the site's HTML.
  app.get('/opds/*', { schema: { hide: true } }, async () => {
    throw new AppError('not_found', 'apiErrors.readingApps.catalogueIsAt', { values: { url: `${OPDS_ROOT}/catalog` } });
  });

  app.get(`${OPDS_ROOT}/chapters/:id/pages/:page`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { id, page } = parseInput(pageParams, request.params);
    const { maxWidth } = parseInput(maxWidthQuery, request.query);
    const image = await opds.page(id, page, maxWidth, reader);
    return reply
      .type(image.type)
      .header('cache-control', 'private, max-age=3600')
      .header('vary', 'authorization')
      .send(image.body);
  });
}
