import type { FastifyInstance } from 'fastify';
import { uploadedFile } from '../../../lib/uploads';
import { endpoint } from '../../../lib/endpoint';
import { auditOf } from '../../team/audit';
import type { SeriesService } from './series.service';
import { say } from '../../../lib/say';

/** The team's series calls (DESIGN §4); who may call them is the endpoint table's `access`. */
export async function seriesRoutes(app: FastifyInstance, { series }: { series: SeriesService }) {
  endpoint(app, 'teamSeriesList', {
    // A series' team member (issue 37 §3, not an editor or admin): only the series of their teams.
    handler: async (request) => {
      const onlyIds = request.seriesMember ? (request.user.seriesRoles ?? []).map((place) => place.seriesId) : undefined;
      return { success: true, data: await series.listSeries(request.query, onlyIds) };
    },
  });
  endpoint(app, 'teamSeriesCreate', {
    handler: async (request) => ({
      success: true,
      data: await series.createSeries(request.body),
      message: await say(request, 'apiErrors.success.seriesCreated'),
    }),
  });
  endpoint(app, 'teamSeries', {
    handler: async (request) => ({ success: true, data: await series.getSeries(request.params.id) }),
  });
  endpoint(app, 'teamSeriesUpdate', {
    handler: async (request) => ({
      success: true,
      data: await series.updateSeries(request.params.id, request.body, auditOf(request)),
      message: await say(request, 'apiErrors.success.seriesSaved'),
    }),
  });
  endpoint(app, 'teamSeriesDelete', {
    handler: async (request) => {
      await series.deleteSeries(request.params.id);
      return { success: true, message: await say(request, 'apiErrors.success.seriesDeleted') };
    },
  });
  endpoint(app, 'teamSeriesCover', {
    summary: 'Upload the cover (multipart, one image)',
    handler: async (request) => ({
      success: true,
      data: await series.setCover(request.params.id, await uploadedFile(request, 'cover')),
      message: await say(request, 'apiErrors.success.coverSaved'),
    }),
  });
}
