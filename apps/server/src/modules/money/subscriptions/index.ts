// Plans and subscriptions: what a reader's plan is and how its state changes.
export { addInterval, creditPeriodCoins, startSubscription } from './periods';
export {
  advancePeriod,
  currentSubscription,
  endSubscriptionRow,
  findPlan,
  findSubscription,
  findSubscriptionByProviderId,
  insertPlan,
  lapsedTestSubscriptions,
  listPlans,
  type PlanRow,
  type SubscriptionRow,
} from './subscriptions.repository';
export { subscriptionsRoutes } from './subscriptions.routes';
export { createSubscriptions, type Subscriptions } from './subscriptions.service';
