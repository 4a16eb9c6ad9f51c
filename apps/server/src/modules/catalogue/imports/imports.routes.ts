import { IMPORT_UPLOAD_MAX_BYTES, importUploadFieldsSchema } from '@inkwell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError, isValidationId } from '../../../lib/app-error';
import { endpoint } from '../../../lib/endpoint';
import { translatorFor } from '../../../lib/i18n';
import type { ImportsService } from './imports.service';

/**
 * The Import page's multipart body: its fields (`seriesId`, `publish`) and one file, which is
 * handed to `store` as a stream while it arrives (it may be a gigabyte), never held whole.
 */
async function readUpload(request: FastifyRequest, store: (fileName: string, stream: Readable) => Promise<void>) {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'apiErrors.upload.notMultipart');
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fileSize: IMPORT_UPLOAD_MAX_BYTES, files: 1 } })) {
    if (part.type === 'field') {
      if (String(part.value).trim() !== '') fields[part.fieldname] = String(part.value).trim();
    } else {
      await store(part.filename, part.file);
    }
  }
  const parsed = importUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const reason = isValidationId(issue?.message) ? issue.message : 'apiErrors.importRuns.invalidFields';
    throw new AppError('validation_failed', reason, { fields: { [String(issue?.path[0] ?? 'file')]: reason } });
  }
  return { seriesId: parsed.data.seriesId, publish: parsed.data.publish === 'true' };
}

/**
 * The Import page's calls (issue 37 §1). Their scope is 'own': the service checks the series an
 * upload goes into, and lists and shows a member only the imports into their series.
 */
export async function importsRoutes(app: FastifyInstance, { imports }: { imports: ImportsService }) {
  endpoint(app, 'teamImports', {
    handler: async (request) => ({ success: true, data: await imports.list(request.user) }),
  });
  endpoint(app, 'teamImportCreate', {
    summary: 'Import a .zip of series folders, or one .cbz/.epub into a series (multipart: the fields, then the file)',
    handler: async (request) => ({
      success: true,
      data: await imports.upload(request.user, (store) => readUpload(request, store)),
    }),
  });
  endpoint(app, 'teamImport', {
    handler: async (request) => {
      // A failed item's reason, in the language the page speaks (as error answers say theirs).
      const say = translatorFor(await request.server.errorLocale(request));
      return { success: true, data: await imports.get(request.user, request.params.id, say) };
    },
  });
}
