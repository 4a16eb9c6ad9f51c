import { idParamsSchema } from './team-catalogue';
import {
  membershipIdParamsSchema,
  membershipResponseSchema,
  membershipsResponseSchema,
  seriesTiersResponseSchema,
  teamTierResponseSchema,
  teamTiersResponseSchema,
  tierInputSchema,
  tierParamsSchema,
  tierPatchSchema,
} from './memberships';
import {
  adminPayoutResponseSchema,
  adminPayoutsQuerySchema,
  adminPayoutsResponseSchema,
  payoutAccountResponseSchema,
  payoutAccountStartSchema,
  payoutOnboardingResponseSchema,
  payoutStatementDetailResponseSchema,
  payoutStatementParamsSchema,
  payoutStatementsResponseSchema,
} from './payouts';

/** Issue 38's endpoints (memberships and payouts), kept beside the rest of endpoints.ts's table. */
export const MEMBERSHIP_SCHEMAS = {
  seriesTiers: { params: idParamsSchema, response: seriesTiersResponseSchema },
  teamSeriesTiers: { params: idParamsSchema, response: teamTiersResponseSchema },
  teamSeriesTierCreate: { params: idParamsSchema, body: tierInputSchema, response: teamTierResponseSchema },
  teamSeriesTierUpdate: { params: tierParamsSchema, body: tierPatchSchema, response: teamTierResponseSchema },
  myMemberships: { response: membershipsResponseSchema },
  cancelMembership: { params: membershipIdParamsSchema, response: membershipResponseSchema },
  myPayoutAccount: { response: payoutAccountResponseSchema },
  myPayoutAccountStart: { body: payoutAccountStartSchema, response: payoutOnboardingResponseSchema },
  myPayouts: { response: payoutStatementsResponseSchema },
  myPayoutStatement: { params: payoutStatementParamsSchema, response: payoutStatementDetailResponseSchema },
  testPayoutOnboardingComplete: { response: payoutAccountResponseSchema },
  adminPayouts: { query: adminPayoutsQuerySchema, response: adminPayoutsResponseSchema },
  adminPayoutRetry: { params: idParamsSchema, response: adminPayoutResponseSchema },
} as const;
