import type { PlanRow, SubscriptionRow } from '../../subscriptions';
import type { PurchaseRow } from '../payments.repository';

/** A subscription checkout's terms: a plan's, or a series' membership tier's (issue 38 §1). */
export interface Recurring {
  interval: PlanRow['interval'];
  /** What else the provider keeps beside the purchase's id (a tier's and its series' ids). */
  metadata?: Record<string, string>;
}

/** What a checkout needs from the provider: where to send the buyer. */
interface CheckoutInput {
  purchase: PurchaseRow;
  buyer: { id: string; email: string };
  /** Set for a plan or tier purchase (a subscription checkout). */
  plan: Recurring | null;
  /** Absolute URLs the provider sends the buyer back to. */
  successUrl: string;
  cancelUrl: string;
}

/**
 * One interface, two providers (DESIGN §5 Payments): Stripe when configured, otherwise the
 * built-in test checkout. Providers only talk to the outside; what a payment does here (credit
 * coins, start a subscription, refund) is the payments service's, whichever provider reported it.
 */
export interface PaymentProvider {
  readonly name: PurchaseRow['provider'];
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** Gives the buyer's money back (the provider's side of an admin refund); a plan purchase comes with its subscription. */
  refund(purchase: PurchaseRow, subscription?: SubscriptionRow): Promise<void>;
  /** Stops a subscription: at the period's end (a reader cancels) or now (a refund). */
  cancelSubscription(subscription: SubscriptionRow, options: { atPeriodEnd: boolean }): Promise<void>;
}
