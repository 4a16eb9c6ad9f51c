import { canonicalLanguage } from '@inkwell/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../../lib/app-error';
import type { UploadedFile } from '../commands/pages';

/**
 * The pages of a pages upload and the edition they are for (issue 35 §2): a `language` field sent
 * before the files makes them a translation's pages; without it they are the original's. Fields
 * are read up to the first file, whose reading is left, as every file's, to its turn.
 */
export async function uploadedPages(
  request: FastifyRequest,
): Promise<{ language: string | undefined; files: AsyncIterable<UploadedFile> }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'apiErrors.upload.notMultipart');
  const parts = request.parts();
  let current = await parts.next();
  let language: string | undefined;
  while (!current.done && current.value.type === 'field') {
    const field = current.value;
    if (field.fieldname === 'language' && String(field.value).trim() !== '') {
      language = canonicalLanguage(String(field.value));
      if (language === undefined) {
        throw new AppError('validation_failed', 'apiErrors.editions.languageField', {
          fields: { language: 'apiErrors.editions.languageField' },
        });
      }
    }
    current = await parts.next();
  }
  async function* files(): AsyncGenerator<UploadedFile> {
    while (!current.done) {
      const part = current.value;
      if (part.type === 'file') yield { name: part.filename, read: () => part.toBuffer() };
      current = await parts.next();
    }
  }
  return { language, files: files() };
}
