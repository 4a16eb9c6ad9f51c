import {
  publicYearResponseSchema,
  statsQuerySchema,
  statsResponseSchema,
  statsYearParamsSchema,
  yearCardResponseSchema,
  yearShareParamsSchema,
  yearShareResponseSchema,
  yearUnshareResponseSchema,
} from './stats';

/** Issue 39 §4's endpoints (the reader's year), kept beside the rest of endpoints.ts's table. */
export const STATS_SCHEMAS = {
  myStats: { query: statsQuerySchema, response: statsResponseSchema },
  myStatsCard: { params: statsYearParamsSchema, response: yearCardResponseSchema },
  myStatsShare: { params: statsYearParamsSchema, response: yearShareResponseSchema },
  myStatsUnshare: { params: statsYearParamsSchema, response: yearUnshareResponseSchema },
  yearShare: { params: yearShareParamsSchema, response: publicYearResponseSchema },
  yearShareCard: { params: yearShareParamsSchema, response: yearCardResponseSchema },
} as const;
