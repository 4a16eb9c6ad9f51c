import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { ReaderLanguages } from '../../../lib/i18n';
import { FEED_FORMATS, FEED_TYPES, type FeedFormat, type FeedsService } from './feeds.service';

/** `name.format`, for the formats there are. */
function fileOf(file: string): { name: string; format: FeedFormat } | null {
  const match = /^(.+)\.([a-z]+)$/.exec(file);
  if (!match || !(FEED_FORMATS as readonly string[]).includes(match[2]!)) return null;
  return { name: match[1]!, format: match[2] as FeedFormat };
}

/**
 * /feeds/latest.{rss,atom,json} and /feeds/series/{slug}.{rss,atom,json} (issue 19 §7): public,
 * shared by every reader, so a feed reader's cache and the instance's keep them.
 */
export async function feedsRoutes(
  app: FastifyInstance,
  { feeds, languages }: { feeds: FeedsService; languages: Pick<ReaderLanguages, 'ofRequest'> },
) {
  // Feed readers seldom name a language: the site's default, or the one Accept-Language asks for (issue 35 §1).
  const send = async (request: FastifyRequest, reply: FastifyReply, series: string | undefined, format: FeedFormat) => {
    const body = await feeds.render(series === undefined ? {} : { series }, format, await languages.ofRequest(request));
    return reply
      .type(FEED_TYPES[format])
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'Accept-Language, Cookie')
      .send(body);
  };

  app.get<{ Params: { file: string } }>('/feeds/:file', { schema: { hide: true } }, async (request, reply) => {
    const file = fileOf(request.params.file);
    if (!file || file.name !== 'latest') throw new AppError('not_found', 'apiErrors.readingApps.noSuchLatestFeed');
    return send(request, reply, undefined, file.format);
  });

  app.get<{ Params: { file: string } }>('/feeds/series/:file', { schema: { hide: true } }, async (request, reply) => {
    const file = fileOf(request.params.file);
    if (!file) throw new AppError('not_found', 'apiErrors.readingApps.seriesFeedEnding');
    return send(request, reply, file.name, file.format);
  });
}
