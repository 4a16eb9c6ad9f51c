import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailOutbox } from '../../../db/schema';
import { createTestApp, type TestContext } from '../../../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// PostgreSQL only: PGlite runs one statement at a time, so a send cannot be held back while drain counts.
describe.skipIf(inject('testDatabase').kind !== 'postgres')('draining the job queue', () => {
  it('waits for a job that is still being handed to the queue, then for the job itself', async () => {
    // Another session holds the job table so inserts wait and reads go on: the send is in flight.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table pgboss.job in share mode');
      const to = `held.${Date.now()}@example.net`;
      const sent = t.app.services.jobs.send('mail.send', { to, subject: 'Held', text: 'Sent while the queue was held.' });
      let drained = false;
      const draining = t.app.services.jobs.drain().then(() => {
        drained = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(drained).toBe(false);

      await holder.query('commit');
      await sent;
      await draining;
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      expect(mails.map((mail) => mail.subject)).toEqual(['Held']);
    } finally {
      await holder.end();
    }
  });
});
