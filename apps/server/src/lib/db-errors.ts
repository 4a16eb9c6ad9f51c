import { AppError, type ApiErrorId } from './app-error';

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
export function conflictOnDuplicate(
  error: unknown,
  field: string,
  reason: ApiErrorId,
  values?: Record<string, string | number>,
): unknown {
  return isUniqueViolation(error) ? new AppError('conflict', reason, { values, fields: { [field]: reason } }) : error;
}

/** Whether a statement was cancelled by its time-out (57014, query_canceled; db/client.ts sets them), from either driver. */
export function isStatementTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

/** Errors of a connection that is gone or cannot be made, from the network or PostgreSQL. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now.
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * node-postgres says these in words, with no code: a connection cut under a query, a connection
 * not made within its time-out (db/client.ts), no pooled connection free within it, and a query
 * on a connection already gone.
 */
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/**
 * Whether the database could not be reached (a refused or dropped connection, a server shutting
 * down, class 08 connection exceptions): the request is not at fault and may be tried again soon.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (code === undefined && e instanceof Error && UNREACHABLE_MESSAGE.test(e.message)) return true;
    // AggregateError (a refused connection to every address of a host) carries its reasons in `errors`.
    const inner = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.some((item) => isDatabaseUnreachable(item))) return true;
  }
  return false;
}
