import { z } from 'zod';
import { envelope } from './errors';
import { readingDirectionSchema } from './teamwork';
import {
  NOVEL_FONT_NAMES,
  NOVEL_FONT_SIZE,
  NOVEL_LINE_HEIGHT,
  NOVEL_THEME_NAMES,
  NOVEL_WIDTH_NAMES,
  READER_FITS,
  READER_MODES,
} from './reader-settings-values';

// Settings that travel (issue 39 §2): the reader's comic and novel settings kept in the account, a
// series' own overrides, and the series' reading defaults the team sets. The web reader's choices
// (apps/web/src/features/reader/reader-settings.ts) are these same lists and limits. Data saver and
// the strip's gap stay on each device and are never sent. The choices and limits are in
// reader-settings-values.ts, which the web's first JavaScript imports without zod.

export const readerModeSchema = z.enum(READER_MODES, { error: 'validation.readerSettings.mode' });
const readerFitSchema = z.enum(READER_FITS, { error: 'validation.readerSettings.fit' });

/** A comic's settings as the account keeps them; a key left out keeps the built-in default. */
const comicSettingsSchema = z.strictObject(
  { mode: readerModeSchema, direction: readingDirectionSchema, fit: readerFitSchema },
  { error: 'validation.readerSettings.comicKeys' },
);
const novelSettingsSchema = z.strictObject(
  {
    font: z.enum(NOVEL_FONT_NAMES, { error: 'validation.readerSettings.font' }),
    size: z
      .number({ error: 'validation.readerSettings.size' })
      .int('validation.readerSettings.size')
      .min(NOVEL_FONT_SIZE.min, 'validation.readerSettings.size')
      .max(NOVEL_FONT_SIZE.max, 'validation.readerSettings.size'),
    lineHeight: z
      .number({ error: 'validation.readerSettings.lineHeight' })
      .min(NOVEL_LINE_HEIGHT.min, 'validation.readerSettings.lineHeight')
      .max(NOVEL_LINE_HEIGHT.max, 'validation.readerSettings.lineHeight')
      .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, 'validation.readerSettings.lineHeight'),
    width: z.enum(NOVEL_WIDTH_NAMES, { error: 'validation.readerSettings.width' }),
    theme: z.enum(NOVEL_THEME_NAMES, { error: 'validation.readerSettings.theme' }),
  },
  { error: 'validation.readerSettings.novelKeys' },
);

export const accountComicSettingsSchema = comicSettingsSchema.partial();
export const accountNovelSettingsSchema = novelSettingsSchema.partial();
export type AccountComicSettings = z.infer<typeof accountComicSettingsSchema>;
export type AccountNovelSettings = z.infer<typeof accountNovelSettingsSchema>;

/** A reader's own choice for one series: null or left out, none (the series' default or their general choice applies). */
export const seriesReaderSettingsSchema = z.strictObject(
  { mode: readerModeSchema.nullable(), direction: readingDirectionSchema.nullable(), fit: readerFitSchema.nullable() },
  { error: 'validation.readerSettings.seriesKeys' },
);
export type SeriesReaderSettings = z.infer<typeof seriesReaderSettingsSchema>;
/** A change of a series' choice: the keys sent change (null clears one), the rest stay. */
export const seriesReaderSettingsUpdateSchema = seriesReaderSettingsSchema.partial();

export const readerSettingsSchema = z.object({
  comic: accountComicSettingsSchema,
  novel: accountNovelSettingsSchema,
  /** The asked series' own choice (`?seriesId=`); null when none was asked or it has none. */
  series: seriesReaderSettingsSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type ReaderSettings = z.infer<typeof readerSettingsSchema>;
export const readerSettingsResponseSchema = envelope(readerSettingsSchema);
export const readerSettingsQuerySchema = z.object({ seriesId: z.uuid({ error: 'validation.unknownId' }).optional() });

/** PUT: the settings, whole (a part left out goes back to the defaults). PATCH: the keys sent change, the rest stay. */
export const readerSettingsPutSchema = z.strictObject(
  { comic: accountComicSettingsSchema.default({}), novel: accountNovelSettingsSchema.default({}) },
  { error: 'validation.readerSettings.keys' },
);
export const readerSettingsPatchSchema = z.strictObject(
  { comic: accountComicSettingsSchema.optional(), novel: accountNovelSettingsSchema.optional() },
  { error: 'validation.readerSettings.keys' },
);

export const seriesReaderSettingsParamsSchema = z.object({ seriesId: z.uuid({ error: 'validation.unknownSeries' }) });
export const seriesReaderSettingsResponseSchema = envelope(seriesReaderSettingsSchema);

/**
 * A series' reading defaults (the team's, issue 39 §2), shown before the reader picks: strip or
 * paged (null: the reader's own choice), and the direction pages turn.
 */
export const readerDefaultsSchema = z.object({ mode: readerModeSchema.nullable(), direction: readingDirectionSchema });
export type ReaderDefaults = z.infer<typeof readerDefaultsSchema>;
