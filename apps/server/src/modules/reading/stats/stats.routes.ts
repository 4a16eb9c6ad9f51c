import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { StatsService } from './stats.service';

/** The reader's year (issue 39 §4): their own figures and card, and the card shared by link. */
export async function statsRoutes(app: FastifyInstance, { stats }: { stats: StatsService }) {
  endpoint(app, 'myStats', {
    summary: "The reader's year: chapters and pages per week, streaks, open-to-finish time, top series and genres",
    handler: async (request) => ({ success: true, data: await stats.stats(request.user.id, request.query.year) }),
  });
  endpoint(app, 'myStatsCard', {
    summary: "The reader's yearly card, a 1200×630 PNG",
    handler: async (request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', 'private, no-cache')
        .send(await stats.card(request.user.id, request.params.year, await app.errorLocale(request))),
  });
  endpoint(app, 'myStatsShare', {
    summary: "Shares the year's card by an unguessable link (the same link when shared already)",
    handler: async (request) => ({ success: true, data: await stats.share(request.user.id, request.params.year) }),
  });
  endpoint(app, 'myStatsUnshare', {
    summary: 'Stops sharing the year: its link and card answer 404 from now on',
    handler: async (request) => ({ success: true, data: await stats.unshare(request.user.id, request.params.year) }),
  });
  endpoint(app, 'yearShare', {
    summary: "A shared year: the reader's username and figures",
    handler: async (request) => ({ success: true, data: await stats.publicYear(request.params.token) }),
  });
  endpoint(app, 'yearShareCard', {
    summary: "A shared year's card, the Open Graph image of its page",
    handler: async (request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', 'public, no-cache')
        // Its words are in the asker's language.
        .header('vary', 'accept-language')
        .send(await stats.publicCard(request.params.token, await app.errorLocale(request))),
  });
}
