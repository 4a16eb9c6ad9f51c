import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { auditLog } from '../../../../db/schema';

/**
 * The audit log keeps what was done to and by a deleted account under its anonymous name (issue 36
 * §3): the entries stay for accountability, the name, address and browser they recorded do not.
 * In the caller's transaction.
 */
export async function anonymiseAuditOf(tx: Transaction, userId: string, anonymousName: string): Promise<void> {
  await tx.update(auditLog).set({ targetLabel: anonymousName }).where(eq(auditLog.targetId, userId));
  await tx.update(auditLog).set({ actorName: anonymousName, ip: null, userAgent: null }).where(eq(auditLog.actorId, userId));
}
