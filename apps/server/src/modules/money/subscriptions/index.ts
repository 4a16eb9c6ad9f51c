// Plans and subscriptions: what a reader's plan is and how its state changes; a series' membership
// tiers and the readers' memberships of series (issue 38 §1), bought and renewed as plans are.
export { addInterval, creditPeriodCoins, startSubscription } from './periods';
// payments: the plans on sale (checkout, fulfilment) and a reader's subscription read (checkout,
// refunds, Stripe's events, the test checkout's renewals); the demo: its plans.
export { findPlan, listPlans, type PlanRow } from './queries/plans';
export {
  currentSubscription,
  findSubscription,
  findSubscriptionByProviderId,
  lapsedTestSubscriptions,
  type SubscriptionRow,
} from './queries/subscriptions';
// payments: a tier on sale (checkout, fulfilment, renewals) and whether the reader is a member
// already; a membership to cancel.
export { findTier } from './queries/tiers';
// payments: the tiers a reader's purchases name, with their series (receipts).
export { tiersForReceipts, type TierReceipt } from './queries/tiers';
export { findMembership, isMemberOf } from './queries/memberships';
// access, catalogue and the reading apps: the series a reader is a member of now, with their early
// access; metrics: a series' members (the funnel).
export { memberEarlyAccess, seriesMemberCounts } from './queries/memberships';
// payments: a period moved on by a renewal, a subscription ended by a refund; the demo: a new plan.
export { advancePeriod, endSubscriptionRow } from './commands/subscription-rows';
export { insertPlan } from './commands/plans';
export { subscriptionsRoutes } from './subscriptions.routes';
export { createSubscriptions, type Subscriptions } from './subscriptions.service';
export { subscriptionsForExport } from './queries/account-export';
// auth (the session's check): a reader's early-access days per series as a column beside the session (issue 38 §1).
export { earlyAccessColumn } from './queries/early-access';
