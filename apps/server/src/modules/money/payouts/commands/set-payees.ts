import type { Payee } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import { type AuditContext, recordAuditEntry } from '../../../team/audit';
import { findSeriesById } from '../../../catalogue/series';
import { existingUserIds } from '../../../identity/users';
import { payeesWithNames, replacePayees } from '../payouts.repository';

/** "mira 70 %": a payee and their share in % (basis points / 100). */
const payeeShare = (payee: Payee) => `${payee.username} ${payee.shareBps / 100} %`;

/**
 * Replaces a series' payees (checked by the contract: shares sum to 10,000, each user once), with
 * the admin's audit entry in the same transaction.
 */
export async function setPayees(
  { db }: { db: Database },
  seriesId: string,
  payees: Omit<Payee, 'username'>[],
  audit?: AuditContext,
): Promise<{ items: Payee[] }> {
  // Published or not: an admin may set who shares a series before it is out.
  if (!(await findSeriesById(db, seriesId))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  const known = await existingUserIds(
    db,
    payees.map((payee) => payee.userId),
  );
  const unknown = payees.findIndex((payee) => !known.has(payee.userId));
  if (unknown >= 0)
    throw new AppError('not_found', 'apiErrors.money.noSuchUser', {
      fields: { [`${unknown}.userId`]: 'apiErrors.money.noSuchUser' },
    });
  await db.transaction(async (tx) => {
    const before = await payeesWithNames(tx, seriesId);
    await replacePayees(tx, seriesId, payees);
    if (!audit) return;
    // The log names who shares and how much, in %, as the editor spoke (issue 33 §14), not the body sent.
    const after = await payeesWithNames(tx, seriesId);
    const shown = (list: Payee[]) => (list.length === 0 ? null : list.map(payeeShare).join(', '));
    const [from, to] = [shown(before), shown(after)];
    await recordAuditEntry(tx, audit, {
      target: { type: 'series', id: seriesId },
      changes: from === to ? [] : [{ field: 'Payees', from, to }],
      details: null,
    });
  });
  return { items: await payeesWithNames(db, seriesId) };
}
