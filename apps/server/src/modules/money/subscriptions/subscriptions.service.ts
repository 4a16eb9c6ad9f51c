import type { z } from 'zod';
import { inStoreCurrency, type Currency, type planInputSchema, type planPatchSchema } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { toAdminPlan, toPlan, toSubscription } from './subscriptions.presenter';
import { createMemberships } from './tiers.service';
import { insertPlan } from './commands/plans';
import { endSubscriptionRow } from './commands/subscription-rows';
import { findPlan, listPlans } from './queries/plans';
import { currentSubscription, type SubscriptionRow } from './queries/subscriptions';
import { updatePlan, updateSubscription } from './subscriptions.repository';
import type { EventPublisher } from '../../../lib/domain-events';

/**
 * Plans and the readers' subscriptions (DESIGN §5): the plans on sale and the admin's catalogue of
 * them, a reader's running plan, and the changes of a subscription's state that payments and
 * Stripe's events report. Access lasts while a subscription is active and its period has not ended
 * (access's `hasPremiumPass`). Starting and renewing a paid period is the payments' (`periods.ts`
 * does the subscription's part inside their transaction).
 */
export function createSubscriptions({
  db,
  clock,
  events,
  defaultCurrency = async () => 'usd',
}: {
  db: Database;
  clock: Clock;
  events: EventPublisher;
  /** The site's currency, for readers whose own has no plans (issue 38 §3). */
  defaultCurrency?: () => Promise<Currency>;
}) {
  const service = {
    // A series' tiers and the readers' memberships (issue 38 §1).
    ...createMemberships({ db, clock, events }),

    /** The plans on sale in the reader's currency, else in the site's default one (see `inStoreCurrency`). */
    async plans(currency?: Currency) {
      const rows = (await listPlans(db, { activeOnly: true, now: clock.now() })).map((row) => row.plan);
      const shown = inStoreCurrency(rows, currency, await defaultCurrency());
      return { items: shown.items.map(toPlan), currency: shown.currency };
    },

    /** The reader's running plan, or null. */
    async subscription(userId: string) {
      const current = await currentSubscription(db, userId, clock.now());
      return current ? toSubscription(current.subscription, current.plan) : null;
    },

    /** The running subscription and its plan, for a change that goes through the provider first. */
    current: (userId: string) => currentSubscription(db, userId, clock.now()),

    async toAnswer(subscription: SubscriptionRow) {
      const plan = subscription.planId ? await findPlan(db, subscription.planId) : undefined;
      if (!plan) throw new AppError('not_found', 'apiErrors.money.planNotFound');
      return toSubscription(subscription, plan);
    },

    async setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionRow | undefined> {
      const updated = await updateSubscription(db, subscriptionId, { cancelAtPeriodEnd });
      if (updated) events.publish({ type: 'user.changed', userId: updated.userId });
      return updated;
    },

    /** Ends a running subscription once (at `at`, and its period with it when `periodEnd` is given). */
    async end(subscriptionId: string, at: Date, periodEnd?: Date): Promise<boolean> {
      const ended = await endSubscriptionRow(db, subscriptionId, at, periodEnd);
      if (ended) events.publish({ type: 'user.changed', userId: ended.userId });
      return ended !== undefined;
    },

    // Administration.

    async adminPlans() {
      return (await listPlans(db, { activeOnly: false, now: clock.now() })).map((row) => toAdminPlan(row.plan, row));
    },

    async adminPlan(id: string) {
      const row = (await listPlans(db, { activeOnly: false, now: clock.now() })).find((item) => item.plan.id === id);
      if (!row) throw new AppError('not_found', 'apiErrors.money.planNotFound');
      return toAdminPlan(row.plan, row);
    },

    async createPlan(input: z.output<typeof planInputSchema>) {
      return service.adminPlan(await insertPlan(db, input));
    },

    async updatePlan(id: string, patch: z.output<typeof planPatchSchema>) {
      if (!(await findPlan(db, id))) throw new AppError('not_found', 'apiErrors.money.planNotFound');
      // A plan's terms are copied into each purchase, so editing it never changes what was sold.
      await updatePlan(db, id, patch);
      return service.adminPlan(id);
    },
  };
  return service;
}
export type Subscriptions = ReturnType<typeof createSubscriptions>;
