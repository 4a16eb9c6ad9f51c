import { z } from 'zod';
import { imageSchema, seriesTypeSchema } from './catalogue';
import { envelope } from './errors';

// Issue 39 §5: how two series are related (a novel and its comic adaptation, a sequel, a spin-off),
// with an optional chapter map between an adaptation and its source.

/**
 * What the related series is to this one: a comic's `source` is the novel whose `adaptation` it
 * is; B is A's `sequel` when A is B's `prequel`; B is A's `spin-off` when A is what B `spun-off-from`.
 */
export const SERIES_RELATION_KINDS = ['adaptation', 'source', 'sequel', 'prequel', 'spin-off', 'spun-off-from'] as const;
export type SeriesRelationKind = (typeof SERIES_RELATION_KINDS)[number];

/** The kind the other series keeps of the same relation (both directions are kept together). */
export const REVERSE_RELATION: Record<SeriesRelationKind, SeriesRelationKind> = {
  adaptation: 'source',
  source: 'adaptation',
  sequel: 'prequel',
  prequel: 'sequel',
  'spin-off': 'spun-off-from',
  'spun-off-from': 'spin-off',
};

/** Only an adaptation and its source map their chapters onto each other. */
export const relationMapsChapters = (kind: SeriesRelationKind) => kind === 'adaptation' || kind === 'source';

/** The most pairs one chapter map holds (a long webtoon against its novel). */
export const CHAPTER_MAP_MAX = 2000;

export const seriesRelationKindSchema = z.enum(SERIES_RELATION_KINDS, { error: 'validation.relations.kindChoice' });

/** One pair of a chapter map: this series' chapter corresponds to (ends where) the related series' chapter does. */
export const chapterMapPairSchema = z.object({
  chapterId: z.uuid({ error: 'validation.unknownChapter' }),
  relatedChapterId: z.uuid({ error: 'validation.unknownChapter' }),
});
export type ChapterMapPair = z.infer<typeof chapterMapPairSchema>;

/** TEAM/series/:id/relations/:relatedId: the relation's kind, and its chapter map (adaptation and source only). */
export const relationInputSchema = z.object({
  kind: seriesRelationKindSchema,
  chapterMap: z.array(chapterMapPairSchema).max(CHAPTER_MAP_MAX, { error: 'validation.relations.mapTooLong' }).default([]),
});
export type RelationInput = z.input<typeof relationInputSchema>;

export const relationParamsSchema = z.object({
  id: z.uuid({ error: 'validation.unknownId' }),
  relatedId: z.uuid({ error: 'validation.unknownId' }),
});

/** A related series as the team's relations list shows it. */
export const teamRelationSchema = z.object({
  kind: seriesRelationKindSchema,
  series: z.object({ id: z.uuid(), slug: z.string(), title: z.string(), type: seriesTypeSchema, isPublished: z.boolean() }),
  /** This series' chapters and the related series' chapters they correspond to, in this series' chapter order. */
  chapterMap: z.array(chapterMapPairSchema),
});
export type TeamRelation = z.infer<typeof teamRelationSchema>;
export const teamRelationsResponseSchema = envelope(z.object({ items: z.array(teamRelationSchema) }));
export const teamRelationResponseSchema = envelope(teamRelationSchema);
export const relationRemovedResponseSchema = envelope(z.object({ removed: z.boolean() }));

/** A related series as readers see it: a small card. */
export const relatedSeriesSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  type: seriesTypeSchema,
  cover: imageSchema.nullable(),
  isAdult: z.boolean(),
});
export type RelatedSeries = z.infer<typeof relatedSeriesSchema>;

/** PUB/series/:id/relations: the related series the viewer may be shown (published; adult ones past the gate). */
export const seriesRelationsResponseSchema = envelope(
  z.object({ items: z.array(z.object({ kind: seriesRelationKindSchema, series: relatedSeriesSchema })) }),
);
export type SeriesRelations = z.infer<typeof seriesRelationsResponseSchema>['data'];

const chapterLinkSchema = z.object({ slug: z.string(), number: z.number(), title: z.string() });

/**
 * PUB/chapters/:chapterId/related: where this chapter is in the series related to it by a chapter
 * map (the chapter it corresponds to, out), and the chapter after that one to continue with.
 */
export const chapterRelatedResponseSchema = envelope(
  z.object({
    items: z.array(
      z.object({
        kind: seriesRelationKindSchema,
        series: relatedSeriesSchema,
        chapter: chapterLinkSchema,
        /** The related series' next chapter out after `chapter`; null when it is the newest. */
        next: z.object({ slug: z.string(), number: z.number() }).nullable(),
      }),
    ),
  }),
);
export type ChapterRelated = z.infer<typeof chapterRelatedResponseSchema>['data'];
