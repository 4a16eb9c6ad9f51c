import { z } from 'zod';
import { paginationSchema } from './catalogue';
import { envelope } from './errors';

/** One field an action changed (issue 21 §1): "Role: reader → editor". */
export const auditChangeSchema = z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** Issue 10 §2: every team and admin action, who did it, to whom, when and from where. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  actor: z.object({ id: z.uuid().nullable(), username: z.string(), role: z.string() }),
  /** The endpoint's name in the contract (`adminUserUpdate`) or a named event (`auth.two_factor_enabled`). */
  action: z.string(),
  method: z.string(),
  path: z.string(),
  target: z.object({ type: z.string().nullable(), id: z.string().nullable(), label: z.string().nullable() }),
  /** What was sent, with passwords, codes and tokens redacted and long values cut. */
  details: z.unknown().nullable(),
  /** What changed, in words: each field's name, old and new value (null: none). Empty when not recorded. */
  changes: z.array(auditChangeSchema),
  status: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z.object({
  q: z.string().trim().max(200, 'validation.search200').optional(),
  actorId: z.uuid({ error: 'validation.actorId' }).optional(),
  targetId: z.string().trim().max(200).optional(),
  page: z.coerce.number({ error: 'validation.pageNumber' }).int().min(1, 'validation.pageStartsAtOne').max(100_000).default(1),
});
export const auditLogResponseSchema = envelope(z.object({ items: z.array(auditEntrySchema), pagination: paginationSchema }));
