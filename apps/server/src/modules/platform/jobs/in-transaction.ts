import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../db/sql';

/** pg-boss passes objects for jsonb and leaves options it was not given undefined; both drivers want text or null. */
function toParameter(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/**
 * pg-boss's "bring your own database" hook over a Drizzle transaction: a job queued through it is
 * written by the transaction itself, so it exists if and only if the change that caused it
 * commits (a chapter's release claim and its fan-out job; a fan-out and its e-mails). Its `$n`
 * placeholders become Drizzle parameters, so both drivers (PGlite, node-postgres) bind them.
 */
export function transactionExecutor(tx: Database) {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${toParameter(values[Number(match[1]) - 1])}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      return { rows: rowsOf(await tx.execute(sql.join(chunks))) };
    },
  };
}
