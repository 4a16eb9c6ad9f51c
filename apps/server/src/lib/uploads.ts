import type { FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '@inkwell/contract';
import { AppError } from './app-error';

function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'apiErrors.upload.notMultipart');
}

/** The one file of a multipart request (which kind, for the message when it is missing); limits are enforced while reading. */
export async function uploadedFile(
  request: FastifyRequest,
  file: 'cover' | 'banner' | 'archive',
  limit = IMAGE_MAX_BYTES,
): Promise<Buffer> {
  requireMultipart(request);
  const part = await request.file({ limits: { fileSize: limit, files: 1 } });
  if (!part) {
    throw new AppError('validation_failed', 'apiErrors.upload.chooseFile', {
      values: { file },
      fields: { file: 'apiErrors.upload.chooseFile' },
    });
  }
  return part.toBuffer();
}
