import { sql } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { rowsOf } from '../../../../db/sql';

/**
 * pg-boss's jobs (queued, done or archived) whose data holds a deleted account's address or name as a value (issue 36 §3): a
 * mail to its address, a sign-up link with its name. They go in the caller's transaction; a mail
 * not yet sent is not sent.
 */
export async function eraseJobsMentioning(tx: Transaction, needles: string[]): Promise<void> {
  // Whole JSON strings ("bob"), not parts of them: another reader's bobby@… keeps its mail.
  const wanted = needles.filter((needle) => needle.length > 0).map((needle) => JSON.stringify(needle.toLowerCase()));
  if (wanted.length === 0) return;
  const [tables] = rowsOf(
    await tx.execute(
      sql`select to_regclass('pgboss.job') is not null as job, to_regclass('pgboss.archive') is not null as archive`,
    ),
  ) as { job: boolean; archive: boolean }[];
  const mentions = sql.join(
    wanted.map((needle) => sql`position(${needle} in lower(data::text)) > 0`),
    sql` or `,
  );
  if (tables?.job) await tx.execute(sql`delete from pgboss.job where ${mentions}`);
  if (tables?.archive) await tx.execute(sql`delete from pgboss.archive where ${mentions}`);
}
