import { z } from 'zod';
import { CREDIT_ROLES, SERIES_STATUSES, SERIES_TYPES } from '@inkwell/contract';
import { uniqueCredits } from './credits';
import { ImportReadError } from './failures';
import { defined, languageOf, websiteOf, yearOf, type SeriesHints } from './hints';

/**
 * `series.json`, beside a series' files: what a publisher says of the series, above anything the
 * files say. Every field is optional:
 *
 * ```json
 * {
 *   "title": "The Long Night",
 *   "type": "comic",                      // or "novel"
 *   "description": "…",                   // up to 5,000 characters
 *   "alternativeNames": ["Noite Longa"],  // or one string, "A, B"
 *   "status": "ongoing",                  // completed, hiatus, cancelled
 *   "genres": ["Fantasy", "Drama"],       // by name, as the site's genres are named
 *   "credits": [{ "role": "writer", "name": "Ana Lima" }],  // writer, artist, translator, letterer, editor, other
 *   "language": "pt-BR",                  // BCP 47
 *   "isAdult": false,
 *   "readingDirection": "rtl",            // or "ltr"
 *   "website": "https://example.com",
 *   "releaseYear": 2021,
 *   "cover": "cover.png"                  // an image beside it
 * }
 * ```
 */
const seriesJsonSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  type: z.enum(SERIES_TYPES).optional(),
  description: z.string().trim().max(5000).optional(),
  alternativeNames: z
    .union([z.string().trim(), z.array(z.string().trim())])
    .transform((names) => (Array.isArray(names) ? names.filter(Boolean).join(', ') : names))
    .pipe(z.string().max(500))
    .optional(),
  status: z.enum(SERIES_STATUSES).optional(),
  genres: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
  credits: z
    .array(z.object({ role: z.enum(CREDIT_ROLES), name: z.string().trim().min(1).max(120) }))
    .max(30)
    .optional(),
  language: z.string().optional(),
  isAdult: z.boolean().optional(),
  readingDirection: z.enum(['ltr', 'rtl']).optional(),
  website: z.string().trim().optional(),
  releaseYear: z.number().int().min(1900).max(2100).optional(),
  cover: z.string().trim().min(1).optional(),
});

/** series.json's hints, and the cover file it names; a file that is not JSON of this shape fails its series. */
export function readSeriesJson(text: string, path: string): { hints: SeriesHints; cover: string | undefined } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportReadError('apiErrors.imports.seriesJsonInvalid', { path, field: '—' });
  }
  const parsed = seriesJsonSchema.safeParse(data);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || '—';
    throw new ImportReadError('apiErrors.imports.seriesJsonInvalid', { path, field });
  }
  const json = parsed.data;
  const language = json.language === undefined ? undefined : languageOf(json.language);
  if (json.language !== undefined && !language) {
    throw new ImportReadError('apiErrors.imports.seriesJsonInvalid', { path, field: 'language' });
  }
  const website = json.website ? websiteOf(json.website) : json.website;
  if (json.website && !website) throw new ImportReadError('apiErrors.imports.seriesJsonInvalid', { path, field: 'website' });
  return {
    cover: json.cover,
    hints: {
      ...defined<SeriesHints>({
        title: json.title,
        type: json.type,
        description: json.description,
        alternativeNames: json.alternativeNames,
        status: json.status,
        genres: json.genres,
        credits: json.credits && uniqueCredits(json.credits),
        language,
        isAdult: json.isAdult,
        readingDirection: json.readingDirection,
        releaseYear: yearOf(json.releaseYear),
      }),
      // An empty site or description said on purpose still overrides what the files say.
      ...(json.website !== undefined ? { website: website ?? '' } : {}),
      ...(json.description !== undefined ? { description: json.description } : {}),
      ...(json.credits !== undefined ? { credits: uniqueCredits(json.credits) } : {}),
      ...(json.genres !== undefined ? { genres: json.genres } : {}),
    },
  };
}
