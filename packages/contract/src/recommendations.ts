import { z } from 'zod';
import { seriesCardSchema } from './catalogue';
import { envelope } from './errors';
import { idParamsSchema } from './team-catalogue';

/** At most this many series in a series' "Readers also read" (issue 39 §5). */
export const ALSO_READ_MAX = 24;

export const alsoReadQuerySchema = z.object({
  limit: z.coerce.number({ error: 'validation.pageNumber' }).int().min(1).max(ALSO_READ_MAX).default(12),
});

/**
 * What to read after a series (issue 39 §5): the series its readers read (`readers`, most shared
 * first, a pair only when at least five readers share it), or, when there are none yet (a new
 * series), published series of the same genres, most popular first (`genres`: "More like this").
 */
export const alsoReadSchema = z.object({
  basis: z.enum(['readers', 'genres']),
  items: z.array(seriesCardSchema),
});
export type AlsoRead = z.infer<typeof alsoReadSchema>;
export const alsoReadResponseSchema = envelope(alsoReadSchema);

/** Issue 39 §5's endpoint, kept beside the rest of endpoints.ts's table. */
export const RECOMMENDATION_SCHEMAS = {
  seriesAlsoRead: { params: idParamsSchema, query: alsoReadQuerySchema, response: alsoReadResponseSchema },
} as const;
