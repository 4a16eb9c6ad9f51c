import type { FastifyBaseLogger as Logger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../../../db/client';
import { findPurchaseByPayment } from '../payments.repository';
import type { Payments } from '../payments.service';
import { idOf } from '../providers/stripe-objects';

/** `charge.refunded`: a whole refund at Stripe refunds its purchase here (a partial one is left as it is). */
export async function applyRefundedCharge(
  { db, logger, stripe, payments }: { db: Database; logger: Logger; stripe: Stripe; payments: Payments },
  chargeId: string,
): Promise<void> {
  const charge = await stripe.charges.retrieve(chargeId);
  if (!charge.refunded) {
    logger.info({ chargeId }, 'a partial Stripe refund: the purchase is left as it is');
    return;
  }
  const paymentIntent = idOf(charge.payment_intent);
  const purchase =
    (paymentIntent ? await findPurchaseByPayment(db, paymentIntent) : undefined) ?? (await findPurchaseByPayment(db, charge.id));
  // Pending: nothing was credited. Refunded: done before (an admin's refund lands here too).
  if (!purchase || purchase.provider !== 'stripe' || purchase.status !== 'paid') return;
  await payments.refund(purchase.id, { viaProvider: false });
}
