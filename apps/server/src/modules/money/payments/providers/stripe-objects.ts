import Stripe from 'stripe';
import type { StripeConfig } from '../../../../config';

/** The SDK pointed at Stripe (or, in tests, at a fake on loopback). The key is handed to the SDK only. */
export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    host: config.api.host,
    port: config.api.port,
    protocol: config.api.protocol,
    // The SDK adds idempotency keys to retried POSTs, so a retry never charges or refunds twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Inkwell' },
  });
}

/** A field Stripe answers either as an id or, when expanded, as the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The expanded object of such a field, or undefined when Stripe sent only its id. */
export function expanded<T extends { id: string }>(value: string | T | null | undefined): T | undefined {
  return value && typeof value !== 'string' ? value : undefined;
}

export const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** A subscription's current period. Since API version 2025-03-31 it lives on the subscription's items. */
export function subscriptionPeriod(subscription: Stripe.Subscription): { start: Date; end: Date } | undefined {
  const item = subscription.items.data[0];
  return item ? { start: fromUnix(item.current_period_start), end: fromUnix(item.current_period_end) } : undefined;
}

/** The period an invoice paid for: its subscription line's, which is what the renewal buys. */
export function invoicePeriod(invoice: Stripe.Invoice): { start: Date; end: Date } | undefined {
  const line = invoice.lines.data.find((item) => item.parent?.type === 'subscription_item_details') ?? invoice.lines.data[0];
  return line ? { start: fromUnix(line.period.start), end: fromUnix(line.period.end) } : undefined;
}

export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/**
 * The payment that settled an invoice (its `payments` must be expanded): the payment intent, or
 * the charge when it was paid without one. What a refund is made against, and what charge.refunded names.
 */
export function invoicePaymentId(invoice: Stripe.Invoice | undefined): string | null {
  const paid = invoice?.payments?.data.find((payment) => payment.status === 'paid') ?? invoice?.payments?.data[0];
  if (!paid) return null;
  return idOf(paid.payment.payment_intent) ?? idOf(paid.payment.charge);
}

/** Stripe's "no such object": what a job was about is gone, and there is nothing to do. */
export function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404)
  );
}
