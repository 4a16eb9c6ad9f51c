import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { parseInput } from '../../../lib/validation-messages';
import { translatorFor, type ReaderLanguages } from '../../../lib/i18n';
import type { DeviceKeysService } from '../../identity/device-keys';
import { AUTH_TYPE, FEED_TYPE, OPDS2_ROOT, PROGRESSION_TYPE, PUBLICATION_TYPE } from './opds2.format';
import type { Opds2Service } from './opds2.service';

const CHALLENGE = 'Basic realm="Inkwell", charset="UTF-8"';
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const searchQuery = pageQuery.extend({ query: z.string().trim().min(3, 'Search with at least 3 characters').max(100) });
const chapterParams = z.object({ id: z.uuid({ error: 'validation.unknownChapter' }) });
const pageParams = chapterParams.extend({ page: z.coerce.number().int().min(0).max(100_000) });
const progressionBody = z.object({
  modified: z.iso.datetime({ offset: true, error: 'validation.modifiedDateTime' }),
  device: z.object({ id: z.string().min(1).max(300), name: z.string().min(1).max(200) }, { error: 'validation.deviceIdAndName' }),
  progression: z.number({ error: 'validation.progressionRange' }).min(0).max(1),
  references: z.array(z.string().max(2000)).max(20).optional(),
});

/**
 * /opds/v2 (issue 19 §3). Public feeds need no key; the shelf and progressions do, and a request
 * without one is answered 401 with the Authentication for OPDS document (Basic: the username and a
 * device key) in its body and in a Link header.
 */
export async function opds2Routes(
  app: FastifyInstance,
  {
    opds2,
    deviceKeys,
    languages,
  }: { opds2: Opds2Service; deviceKeys: DeviceKeysService; languages: Pick<ReaderLanguages, 'ofRequest'> },
) {
  const readerOf = (request: FastifyRequest) => deviceKeys.fromBasic(request);
  /** The words of the language the app names (Accept-Language: apps rarely keep cookies), else the site's. */
  const wordsFor = async (request: FastifyRequest) => translatorFor(await languages.ofRequest(request));
  async function requireReader(request: FastifyRequest) {
    const reader = await readerOf(request);
    if (!reader) throw new AppError('unauthorized', 'apiErrors.readingApps.signInWithKey');
    return reader;
  }
  // Sent as bytes, so the media type goes out exactly as named (JSON is UTF-8 by definition).
  const json = (reply: FastifyReply, type: string, body: unknown) =>
    reply
      .type(type)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'authorization, accept-language')
      .send(Buffer.from(JSON.stringify(body)));

  // Apps send progressions with their own media type: it is JSON.
  app.addContentTypeParser(PROGRESSION_TYPE, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(`${OPDS2_ROOT}/`)) return payload;
    if (reply.statusCode !== 401) return payload;
    reply
      .header('www-authenticate', CHALLENGE)
      .header('link', `<${OPDS2_ROOT}/auth>; rel="http://opds-spec.org/auth/document"; type="${AUTH_TYPE}"`)
      .header('content-type', AUTH_TYPE);
    return JSON.stringify(opds2.authDocument(await wordsFor(request)));
  });

  app.get(`${OPDS2_ROOT}/auth`, { schema: { hide: true } }, async (request, reply) =>
    reply
      .type(AUTH_TYPE)
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'accept-language, cookie')
      .send(Buffer.from(JSON.stringify(opds2.authDocument(await wordsFor(request))))),
  );

  app.get(`${OPDS2_ROOT}/catalog`, { schema: { hide: true } }, async (request, reply) =>
    json(reply, FEED_TYPE, await opds2.catalog(await readerOf(request), await wordsFor(request))),
  );

  app.get(`${OPDS2_ROOT}/search`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { query, page } = parseInput(searchQuery, request.query);
    return json(reply, FEED_TYPE, await opds2.search(query, page, await wordsFor(request), reader));
  });

  app.get(`${OPDS2_ROOT}/shelf`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await requireReader(request);
    const { page } = parseInput(pageQuery, request.query);
    return json(reply, FEED_TYPE, await opds2.shelf(reader, page, await wordsFor(request)));
  });

  // The key's reader's new chapters (issue 39 §3): what an e-reader's OPDS sync downloads.
  app.get(`${OPDS2_ROOT}/me/new`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await requireReader(request);
    const { page } = parseInput(pageQuery, request.query);
    return json(reply, FEED_TYPE, await opds2.newChapters(reader, page, await wordsFor(request)));
  });

  app.get<{ Params: { list: string } }>(`${OPDS2_ROOT}/:list`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { page } = parseInput(pageQuery, request.query);
    if (!opds2.isList(request.params.list))
      throw new AppError('not_found', 'apiErrors.readingApps.catalogueIsAt', { values: { url: `${OPDS2_ROOT}/catalog` } });
    return json(reply, FEED_TYPE, await opds2.list(request.params.list, page, await wordsFor(request), reader));
  });

  app.get<{ Params: { slug: string } }>(`${OPDS2_ROOT}/series/:slug`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { page } = parseInput(pageQuery, request.query);
    return json(reply, FEED_TYPE, await opds2.series(request.params.slug, reader, page, await wordsFor(request)));
  });

  app.get(`${OPDS2_ROOT}/publications/:id`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { id } = parseInput(chapterParams, request.params);
    return json(reply, PUBLICATION_TYPE, await opds2.publication(id, reader, await wordsFor(request)));
  });

  app.get(`${OPDS2_ROOT}/chapters/:id/manifest.json`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { id } = parseInput(chapterParams, request.params);
    const manifest = await opds2.manifest(id, reader);
    return json(reply, manifest.type, manifest.body);
  });

  app.get(`${OPDS2_ROOT}/chapters/:id/pages/:page`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { id, page } = parseInput(pageParams, request.params);
    const image = await opds2.page(id, page, reader);
    return reply
      .type(image.type)
      .header('cache-control', 'private, max-age=3600')
      .header('vary', 'authorization')
      .send(image.body);
  });

  app.get(`${OPDS2_ROOT}/chapters/:id/text.xhtml`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await readerOf(request);
    const { id } = parseInput(chapterParams, request.params);
    const xhtml = await opds2.text(id, reader);
    return reply.type('application/xhtml+xml; charset=utf-8').header('cache-control', 'private, no-cache').send(xhtml);
  });

  app.get(`${OPDS2_ROOT}/chapters/:id/progression`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await requireReader(request);
    const { id } = parseInput(chapterParams, request.params);
    const progression = await opds2.progression(id, reader);
    // No place yet: 200 with an empty body, as the draft says.
    return progression
      ? json(reply, PROGRESSION_TYPE, progression)
      : reply.code(200).header('cache-control', 'private, no-cache').send('');
  });

  app.put(`${OPDS2_ROOT}/chapters/:id/progression`, { schema: { hide: true } }, async (request, reply) => {
    const reader = await requireReader(request);
    const { id } = parseInput(chapterParams, request.params);
    const body = parseInput(progressionBody, request.body);
    return json(reply, PROGRESSION_TYPE, await opds2.saveProgression(id, reader, body));
  });
}
