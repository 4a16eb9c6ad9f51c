import { AppError } from './app-error';

/** PostgreSQL's unique_violation (23505), from either driver, optionally on one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const code = (e as { code?: string })?.code;
  if (code !== '23505') return false;
  if (!constraint) return true;
  const name =
    (e as { constraint_name?: string; constraint?: string }).constraint_name ?? (e as { constraint?: string }).constraint;
  return name === constraint;
}

/** The error to throw for a failed write: a 409 on `field` when it broke a unique index, else the error itself. */
export function conflictOnDuplicate(error: unknown, field: string, message: string): unknown {
  return isUniqueViolation(error) ? new AppError('conflict', message, { fields: { [field]: message } }) : error;
}

/** Whether a statement was cancelled by its time-out (57014, query_canceled; db/client.ts sets them), from either driver. */
export function isStatementTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}
