import { chapterIdParamsSchema } from './store';
import { idParamsSchema } from './team-catalogue';
import {
  chapterRelatedResponseSchema,
  relationInputSchema,
  relationParamsSchema,
  relationRemovedResponseSchema,
  seriesRelationsResponseSchema,
  teamRelationResponseSchema,
  teamRelationsResponseSchema,
} from './relations';

/** Issue 39 §5's endpoints (relations between series), kept beside the rest of endpoints.ts's table. */
export const RELATION_SCHEMAS = {
  seriesRelations: { params: idParamsSchema, response: seriesRelationsResponseSchema },
  chapterRelated: { params: chapterIdParamsSchema, response: chapterRelatedResponseSchema },
  teamSeriesRelations: { params: idParamsSchema, response: teamRelationsResponseSchema },
  teamSeriesRelationPut: { params: relationParamsSchema, body: relationInputSchema, response: teamRelationResponseSchema },
  teamSeriesRelationDelete: { params: relationParamsSchema, response: relationRemovedResponseSchema },
} as const;
