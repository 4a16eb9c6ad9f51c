import type { ChapterEditionInput, chapterInputSchema, editionInputSchema, EditionPatch, TeamChapter } from '@inkwell/contract';
import type { z } from 'zod';
import type { AuditContext } from '../../team/audit';
import type { ChaptersDeps } from './chapters.deps';
import { createChapter } from './commands/create-chapter';
import { removeChapter } from './commands/delete-chapter';
import { type ChapterPatch, editChapter } from './commands/edit-chapter';
import { addPages, removePage, reorderPages, type UploadedFile } from './commands/pages';
import { type RenumberInput, renumberChapters } from './commands/renumber';
import { teamChapter, teamChapterRows } from './queries/team-chapters';
import {
  createEdition,
  editEdition,
  putChapterEdition,
  removeChapterEdition,
  removeEdition,
  teamEditions,
} from './editions/editions';

/** Chapters and their pages, for the team. The work is in commands/ and queries/; this binds their dependencies once. */
export function createChaptersService(deps: ChaptersDeps) {
  return {
    getChapter: (id: string): Promise<TeamChapter> => teamChapter(deps, id),
    chapterRows: (seriesId: string) => teamChapterRows(deps, seriesId),
    createChapter: (seriesId: string, input: z.output<typeof chapterInputSchema>) => createChapter(deps, seriesId, input),
    /** With `audit` (a team call), the edit's entry is written in its transaction. */
    updateChapter: (id: string, patch: ChapterPatch, audit?: AuditContext) => editChapter(deps, id, patch, audit),
    deleteChapter: (id: string) => removeChapter(deps, id),
    /** A range of a series' chapters moved into a volume or shifted (issue 37 §2), all or nothing. */
    renumber: (seriesId: string, input: RenumberInput, audit?: AuditContext) => renumberChapters(deps, seriesId, input, audit),
    addPages: (
      id: string,
      files: AsyncIterable<UploadedFile> | Iterable<UploadedFile>,
      options: { replace?: boolean; language?: string } = {},
    ) => addPages(deps, id, files, options),
    reorderPages: (id: string, pageIds: string[]) => reorderPages(deps, id, pageIds),
    removePage: (id: string, pageId: string) => removePage(deps, id, pageId),
    // A series' editions and its chapters' translations (issue 35 §2).
    editions: (seriesId: string) => teamEditions(deps, seriesId),
    createEdition: (seriesId: string, input: z.output<typeof editionInputSchema>) => createEdition(deps, seriesId, input),
    updateEdition: (seriesId: string, language: string, patch: EditionPatch) => editEdition(deps, seriesId, language, patch),
    deleteEdition: (seriesId: string, language: string) => removeEdition(deps, seriesId, language),
    putChapterEdition: (id: string, language: string, input: ChapterEditionInput) => putChapterEdition(deps, id, language, input),
    deleteChapterEdition: (id: string, language: string) => removeChapterEdition(deps, id, language),
  };
}
export type ChaptersService = ReturnType<typeof createChaptersService>;
