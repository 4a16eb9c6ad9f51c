import type { TeamSeries } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import { uploadedFile } from '../../lib/uploads';
import { endpoint } from '../../lib/endpoint';
import { auditChanges, changesBetween } from '../audit';
import type { SeriesService } from './series.service';

/** A series as the audit log compares it: its genres by name. */
const forAudit = (series: TeamSeries) => ({ ...series, genres: series.genres.map((genre) => genre.name) });

/** How the audit log names a series' fields, in the editor's order. */
const SERIES_FIELDS = {
  title: 'Title',
  slug: 'Address',
  type: 'Type',
  status: 'Status',
  isPublished: 'Published',
  alternativeNames: 'Alternative names',
  description: 'Description',
  author: 'Author',
  artist: 'Artist',
  releaseYear: 'Release year',
  isAdult: 'Adult',
  genres: 'Genres',
} as const;

/** The team's series calls (DESIGN §4); who may call them is the endpoint table's `access`. */
export async function seriesRoutes(app: FastifyInstance, { series }: { series: SeriesService }) {
  endpoint(app, 'teamSeriesList', {
    handler: async (request) => ({ success: true, data: await series.listSeries(request.query) }),
  });
  endpoint(app, 'teamSeriesCreate', {
    handler: async (request) => ({ success: true, data: await series.createSeries(request.body), message: 'Series created' }),
  });
  endpoint(app, 'teamSeries', {
    handler: async (request) => ({ success: true, data: await series.getSeries(request.params.id) }),
  });
  endpoint(app, 'teamSeriesUpdate', {
    handler: async (request) => {
      const before = await series.getSeries(request.params.id);
      const after = await series.updateSeries(request.params.id, request.body);
      auditChanges(request, changesBetween(forAudit(before), forAudit(after), SERIES_FIELDS, ['description']));
      return { success: true, data: after, message: 'Series saved' };
    },
  });
  endpoint(app, 'teamSeriesDelete', {
    handler: async (request) => {
      await series.deleteSeries(request.params.id);
      return { success: true, message: 'Series deleted' };
    },
  });
  endpoint(app, 'teamSeriesCover', {
    summary: 'Upload the cover (multipart, one image)',
    handler: async (request) => ({
      success: true,
      data: await series.setCover(request.params.id, await uploadedFile(request, 'a cover image')),
      message: 'Cover saved',
    }),
  });
}
