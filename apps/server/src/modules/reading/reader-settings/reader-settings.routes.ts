import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { ReaderSettingsService } from './reader-settings.service';

/** The reader's settings that travel (issue 39 §2). Signed-in only, and only their own (the endpoint table says so). */
export async function readerSettingsRoutes(app: FastifyInstance, { readerSettings }: { readerSettings: ReaderSettingsService }) {
  endpoint(app, 'readerSettings', {
    summary: "The reader's comic and novel settings kept in the account, with a series' own choice when `seriesId` is asked",
    handler: async (request) => ({ success: true, data: await readerSettings.get(request.user.id, request.query.seriesId) }),
  });
  endpoint(app, 'readerSettingsPut', {
    summary: "Replaces the reader's settings (data saver and the strip's gap stay on each device)",
    handler: async (request) => ({ success: true, data: await readerSettings.save(request.user.id, request.body, true) }),
  });
  endpoint(app, 'readerSettingsPatch', {
    summary: 'Changes the settings sent, the others as they were',
    handler: async (request) => ({ success: true, data: await readerSettings.save(request.user.id, request.body, false) }),
  });
  endpoint(app, 'seriesReaderSettings', {
    summary: "The reader's own mode, direction and fit for one series (null: none)",
    handler: async (request) => ({
      success: true,
      data: await readerSettings.seriesChoice(request.user.id, request.params.seriesId),
    }),
  });
  endpoint(app, 'seriesReaderSettingsPut', {
    summary: "Sets the reader's own choice for one series: the keys sent (null clears one), the rest as they were",
    handler: async (request) => ({
      success: true,
      data: await readerSettings.saveSeriesChoice(request.user.id, request.params.seriesId, request.body),
    }),
  });
  endpoint(app, 'seriesReaderSettingsClear', {
    summary: "Forgets the reader's own choice for one series: its defaults and their general choice apply",
    handler: async (request) => ({
      success: true,
      data: await readerSettings.clearSeriesChoice(request.user.id, request.params.seriesId),
    }),
  });
}
