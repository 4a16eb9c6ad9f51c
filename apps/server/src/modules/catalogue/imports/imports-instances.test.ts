import { ROUTES } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import {
  createTestApp,
  loginAs,
  startSecondInstance,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestContext,
} from '../../../../test/helpers';
import { page, zip } from '../../../../test/import-library';
import { findSeriesBySlug } from '../series';
import { findImport } from './imports.repository';

// An upload's import with two instances on one PostgreSQL (issue 37 §1): it is in the job queue,
// so it outlives the instance that took it, and it runs once, however many instances are handed it.

const isPostgres = inject('testDatabase').kind === 'postgres';

let t: TestContext;
beforeAll(async () => {
  if (isPostgres) t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const u8 = async (shade: number) => new Uint8Array(await page(shade));

async function uploadThrough(app: TestContext['app'], cookie: string, name: string, data: Buffer) {
  const boundary = `----inkwell${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: ROUTES.teamImportCreate.path,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: TEST_ORIGIN, cookie },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().data.id as string;
}

describe.skipIf(!isPostgres)('an uploaded import with two instances', () => {
  it('is run by another instance after the one that took it has stopped', async () => {
    const editor = await buildUser(t.db, { role: 'editor' });
    const second = await startSecondInstance(t, { jobs: { runWorkers: false } });
    const cookie = await loginAs(second.app, { username: editor.username, password: TEST_PASSWORD });
    const id = await uploadThrough(
      second.app,
      cookie,
      'restart.zip',
      zip({ 'Restart Saga/c001.cbz': zip({ '1.png': await u8(5) }) }),
    );
    await second.close();

    await t.app.services.jobs.drain();
    expect(await findImport(t.db, id)).toMatchObject({ status: 'done', created: 2, failed: 0, uploadKey: null });
    expect(await findSeriesBySlug(t.db, 'restart-saga')).toBeDefined();
  });

  it('runs once when two instances are handed the same import at once', async () => {
    const editor = await buildUser(t.db, { role: 'editor' });
    const second = await startSecondInstance(t, { jobs: { runWorkers: true, pollingIntervalSeconds: 0.5 } });
    try {
      const cookie = await loginAs(second.app, { username: editor.username, password: TEST_PASSWORD });
      const library = zip({
        'Twice Told/c001.cbz': zip({ '1.png': await u8(6), '2.png': await u8(7) }),
        'Twice Told/c002.cbz': zip({ '1.png': await u8(8) }),
        'Twice Told/c003.cbz': zip({ '1.png': await u8(9) }),
      });
      const id = await uploadThrough(second.app, cookie, 'twice.zip', library);
      // Both instances' workers poll the queue, and each is also asked directly: one claims the import.
      await Promise.all([t.app.services.imports.runQueued(id), second.app.services.imports.runQueued(id)]);
      await Promise.all([t.app.services.jobs.drain(), second.app.services.jobs.drain()]);

      const row = (await findImport(t.db, id))!;
      expect(row).toMatchObject({ status: 'done', total: 4, done: 4, created: 4, updated: 0, unchanged: 0, failed: 0 });
      expect(row.items).toHaveLength(4);
      const series = (await findSeriesBySlug(t.db, 'twice-told'))!;
      const chapters = await t.app.services.chapters.chapterRows(series.id);
      expect(chapters.map((chapter) => chapter.number).sort()).toEqual([1, 2, 3]);
      expect(chapters.map((chapter) => chapter.pageCount).sort()).toEqual([1, 1, 2]);
    } finally {
      await second.close();
    }
  });
});
