import type { MessageValues } from '../../../../lib/app-error';
import { translatorFor } from '../../../../lib/i18n';
import type { PlanFailure } from '../plan';

/** Why one item of an import could not be read (packages/contract/messages/<locale>/apiErrors.imports.json). */
export type ImportFailureId =
  | 'apiErrors.imports.archiveBroken'
  | 'apiErrors.imports.archiveTooLarge'
  | 'apiErrors.imports.archiveInflates'
  | 'apiErrors.imports.archiveTooManyEntries'
  | 'apiErrors.imports.pageNotImage'
  | 'apiErrors.imports.pageTooLarge'
  | 'apiErrors.imports.unsafePath'
  | 'apiErrors.imports.noPages'
  | 'apiErrors.imports.epubBroken'
  | 'apiErrors.imports.epubNoContent'
  | 'apiErrors.imports.chapterTooLong'
  | 'apiErrors.imports.numberTaken'
  | 'apiErrors.imports.seriesJsonInvalid'
  | 'apiErrors.imports.noChapters'
  | 'apiErrors.imports.wrongKind'
  | 'apiErrors.imports.unreadable';

/** Thrown while reading one item; the plan turns it into that item's failure and reads on. */
export class ImportReadError extends Error {
  constructor(
    readonly id: ImportFailureId,
    readonly values: MessageValues = {},
  ) {
    super(id);
    this.name = 'ImportReadError';
  }
}

const english = translatorFor('en');

/** The failure of the item at `path`: our own reasons as they are, anything else (a disk error) as unreadable. */
export function failureOf(path: string, error: unknown): PlanFailure {
  const known =
    error instanceof ImportReadError
      ? error
      : new ImportReadError('apiErrors.imports.unreadable', { name: baseName(path) || path });
  return { path, code: known.id, values: known.values, reason: english(known.id, known.values) };
}

export const baseName = (path: string) => path.split('/').pop() ?? path;
