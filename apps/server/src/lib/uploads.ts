import type { FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '@inkwell/contract';
import { AppError } from './app-error';

function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'apiErrors.upload.notMultipart');
}

/** The files of a multipart request in the order sent, each read only when its turn comes. */
export async function* uploadedFiles(request: FastifyRequest): AsyncGenerator<{ name: string; read(): Promise<Buffer> }> {
  requireMultipart(request);
  for await (const part of request.files()) yield { name: part.filename, read: () => part.toBuffer() };
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
