// Plans and subscriptions: what a reader's plan is and how its state changes.
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
// payments: a period moved on by a renewal, a subscription ended by a refund; the demo: a new plan.
export { advancePeriod, endSubscriptionRow } from './commands/subscription-rows';
export { insertPlan } from './commands/plans';
export { subscriptionsRoutes } from './subscriptions.routes';
export { createSubscriptions, type Subscriptions } from './subscriptions.service';
export { subscriptionsForExport } from './queries/account-export';
