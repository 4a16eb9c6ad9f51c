import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { wantedLanguages } from '../../../lib/edition-wishes';
import { askedOf, type CatalogueService } from '../../catalogue/catalogue';
import type { Recommendations } from './recommendations.service';

/** An answer without series marked Adult is the same for everyone: a shared cache on the way may keep it a minute. */
const SHARED_CACHE = 'public, max-age=60';

/** PUB/series/{id}/also-read (issue 39 §5): under a series' page and at the end of its chapters. */
export async function recommendationsRoutes(
  app: FastifyInstance,
  {
    recommendations,
    catalogue,
    siteLocale,
  }: {
    recommendations: Recommendations;
    catalogue: Pick<CatalogueService, 'showsAdult'>;
    siteLocale: () => Promise<string>;
  },
) {
  endpoint(app, 'seriesAlsoRead', {
    summary: "The series its readers also read, or its genres' on a cold start",
    handler: async (request, reply) => {
      // The page's rule (decision 0041): a visitor who passed the gate, or a reader who opted in.
      const adult = await catalogue.showsAdult(askedOf(request));
      // With series marked Adult, the answer is the viewer's: never kept on the way (as the lists').
      reply.header('cache-control', adult ? 'private, no-cache' : SHARED_CACHE);
      reply.header('vary', 'accept-language, cookie');
      const data = await recommendations.alsoRead(request.params.id, {
        adult,
        wanted: await wantedLanguages(request, siteLocale),
        limit: request.query.limit,
      });
      return { success: true, data };
    },
  });
}
