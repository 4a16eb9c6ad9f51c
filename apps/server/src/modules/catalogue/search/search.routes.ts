import { searchQuerySchema } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, isValidationId } from '../../../lib/app-error';
import { wantedLanguages } from '../../../lib/edition-wishes';
import { endpoint } from '../../../lib/endpoint';
import type { SearchService } from './search.service';

/** SPEC §7: the top bar's search, at its exact path; results ranked over title and alternative names. */
export async function searchRoutes(
  app: FastifyInstance,
  { search, siteLocale }: { search: SearchService; siteLocale: () => Promise<string> },
) {
  endpoint(app, 'searchSeries', {
    summary: 'Search series by title and alternative names',
    handler: async (request, reply) => {
      // Parsed here so the 400 carries the spec's sentence itself as its message.
      const parsed = searchQuerySchema.safeParse(request.query);
      if (!parsed.success) {
        const problem = parsed.error.issues[0]?.message;
        const reason = isValidationId(problem) ? problem : 'validation.catalogue.searchTooShort';
        throw new AppError('validation_failed', reason, { fields: { q: reason } });
      }
      const data = await search.search(parsed.data.q, await wantedLanguages(request, siteLocale), request.viewer);
      // An answer with series marked Adult is the reader's alone (issue 36 §4).
      if (request.viewer.showAdult) reply.header('cache-control', 'private, no-cache');
      return { success: true, data };
    },
  });
}
