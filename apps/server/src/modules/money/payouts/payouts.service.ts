import type { Earnings, GiftRequest, Payee } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import type { AuditContext } from '../../team/audit';
import { sendGift } from './commands/gift';
import { setPayees } from './commands/set-payees';
import { hasEarnings, payeesWithNames } from './payouts.repository';
import { payeeEarnings } from './queries/earnings';
import { seriesSupporters } from './queries/supporters';

/**
 * What readers give series and what their payees earn (issue 22 §2): gifts, the month's
 * supporters, the admin's payees and shares, and each payee's month in coins, less the site's fee.
 * The work is in commands/ and queries/; this binds their dependencies once.
 */
export function createPayouts(deps: {
  db: Database;
  clock: Clock;
  /** The site's fee in force (the admin's setting); a closed month keeps its own. */
  feePercent: () => Promise<number>;
  events: EventPublisher;
}) {
  const { db } = deps;
  return {
    gift: (user: { id: string; username: string }, seriesId: string, request: GiftRequest) =>
      sendGift(deps, user, seriesId, request),
    supporters: (seriesId: string) => seriesSupporters(deps, seriesId),
    /** Whether a user shares in some series or was ever paid a share: the Reader's Area shows Earnings only then. */
    hasEarnings: (userId: string) => hasEarnings(db, userId),
    payees: async (seriesId: string): Promise<{ items: Payee[] }> => ({ items: await payeesWithNames(db, seriesId) }),
    setPayees: (seriesId: string, payees: Omit<Payee, 'username'>[], audit?: AuditContext) =>
      setPayees(deps, seriesId, payees, audit),
    earnings: (payeeId: string, month?: string): Promise<Earnings> => payeeEarnings(deps, payeeId, month),
  };
}
export type Payouts = ReturnType<typeof createPayouts>;
