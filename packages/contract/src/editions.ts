// A series' editions for its team (issue 35 §2, decision 0039): a translated edition is a title and
// description in another language, and its chapters are translations of the series' own chapters.
import { z } from 'zod';
import { NOVEL_TEXT_MAX_CHARS } from './constants';
import { contentLanguageSchema } from './content-languages';
import { envelope } from './errors';

const editionTitle = z.string().trim().min(1, 'validation.titleRequired').max(200, 'validation.title200');
const editionDescription = z.string().trim().max(5000, 'validation.description5000');

/** An edition as the team's editions page lists it, with the chapters it has and the ones it lacks. */
export const teamEditionSchema = z.object({
  language: z.string(),
  title: z.string(),
  description: z.string(),
  /** The original edition: the series itself, which has every chapter and cannot be removed here. */
  isOriginal: z.boolean(),
  /** The series' chapters this edition has. */
  chapterCount: z.number().int(),
  /** The numbers of the series' chapters this edition lacks (readers get the original for them). */
  missingChapterNumbers: z.array(z.number()),
});
export type TeamEdition = z.infer<typeof teamEditionSchema>;
export const teamEditionListResponseSchema = envelope(z.object({ items: z.array(teamEditionSchema) }));
export const teamEditionResponseSchema = envelope(teamEditionSchema);

/** A new translated edition of a series. */
export const editionInputSchema = z.object({
  language: contentLanguageSchema,
  title: editionTitle,
  description: editionDescription.default(''),
});
export type EditionInput = z.input<typeof editionInputSchema>;
/** An edition's edit: only what is sent changes. */
export const editionPatchSchema = z
  .object({ title: editionTitle, description: editionDescription })
  .partial()
  .refine((patch) => patch.title !== undefined || patch.description !== undefined, 'validation.nothingToChange');
export type EditionPatch = z.input<typeof editionPatchSchema>;

export const editionParamsSchema = z.object({
  id: z.uuid({ error: 'validation.unknownId' }),
  language: contentLanguageSchema,
});

/**
 * A chapter's translation: its title and, for a novel, its text (sanitized as a chapter's text is).
 * A comic's translated pages are uploaded through the chapter's pages call with a `language` field.
 */
export const chapterEditionInputSchema = z.object({
  title: z.string().trim().max(200, 'validation.title200').default(''),
  content: z.string().max(NOVEL_TEXT_MAX_CHARS, 'validation.textTooLong').optional(),
});
export type ChapterEditionInput = z.input<typeof chapterEditionInputSchema>;

/** One translation of a chapter as its team sees it (inside the team's chapter answer). */
export const teamChapterEditionSchema = z.object({
  language: z.string(),
  title: z.string(),
  /** A novel's translated text; null for comics. */
  content: z.string().nullable(),
  /** A comic's translated pages, in reading order. */
  pages: z.array(z.object({ id: z.uuid(), url: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type TeamChapterEdition = z.infer<typeof teamChapterEditionSchema>;
